import { statusPageSubscriptionAnswer } from '@paydar/contracts/status-page-subscribers';
import type { z } from 'zod';
import { subscriptionApiPath } from './endpoints';
import { type ApiTarget, readAnswer, send } from './http';

export type SubscriptionAnswer = z.infer<typeof statusPageSubscriptionAnswer>;

/** Follows a mail's link: confirms a subscription or ends it, with the token the link carries. */
export async function sendSubscriptionToken(
  target: ApiTarget,
  action: 'confirm' | 'unsubscribe',
  token: string,
): Promise<SubscriptionAnswer> {
  const response = await send({ base: target.base }, subscriptionApiPath(action), { method: 'POST', body: { token } });
  return readAnswer(response, statusPageSubscriptionAnswer);
}
