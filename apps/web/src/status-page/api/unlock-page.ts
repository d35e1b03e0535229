import { statusPageUnlock } from '@paydar/contracts/status-pages';
import type { PageAddress } from '../location';
import { unlockApiPath } from './endpoints';
import { type ApiTarget, readAnswer, send } from './http';

/** Trades a protected page's password for its access token. */
export async function unlockPage(target: ApiTarget, address: PageAddress, password: string): Promise<string> {
  const response = await send({ base: target.base }, unlockApiPath(address), { method: 'POST', body: { password } });
  return (await readAnswer(response, statusPageUnlock)).token;
}
