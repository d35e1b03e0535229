import type { RateLimitRule } from '../rate-limit/rate-limiter';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * What sending a proof may cost. Per value, so several accounts naming one phone or address
 * cannot flood its owner; per user, so one account cannot flood many. Verification tries need no
 * limit of their own: a code is spent after a few wrong ones, and links are unguessable.
 */
export const channelLimits = {
  phoneCode: (userId: number, phone: string): RateLimitRule[] => [
    { key: `channel-code:phone:${phone}`, limit: 1, windowSeconds: MINUTE },
    { key: `channel-code:user:${userId}`, limit: 5, windowSeconds: HOUR },
  ],
  emailLink: (userId: number, email: string): RateLimitRule[] => [
    { key: `channel-link:email:${email}`, limit: 1, windowSeconds: MINUTE },
    { key: `channel-link:user:${userId}`, limit: 10, windowSeconds: HOUR },
  ],
  telegramLink: (userId: number): RateLimitRule[] => [
    { key: `channel-telegram:user:${userId}`, limit: 20, windowSeconds: HOUR },
  ],
  /** Each test delivery is a request from our servers to an address the user chose. */
  webhookTest: (userId: number): RateLimitRule[] => [
    { key: `channel-webhook:user:${userId}`, limit: 10, windowSeconds: 10 * MINUTE },
  ],
};
