import { statusPageSubscribeAnswer } from '@paydar/contracts/status-page-subscribers';
import type { PageAddress } from '../location';
import { subscribersApiPath } from './endpoints';
import { type ApiTarget, readAnswer, send } from './http';

/** Asks for the page's mails at `email`; the answer's `detail` says what happens next. */
export async function subscribe(target: ApiTarget, address: PageAddress, email: string): Promise<string> {
  const response = await send(target, subscribersApiPath(address), { method: 'POST', body: { email } });
  return (await readAnswer(response, statusPageSubscribeAnswer)).detail;
}
