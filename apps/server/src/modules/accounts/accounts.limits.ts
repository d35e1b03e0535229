import type { RateLimitRule } from '../rate-limit/rate-limiter';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Per-IP and per-email limits of the calls that can be abused to guess passwords or send mail. */
export const accountLimits = {
  /**
   * Failed logins only (a success is refunded). Strict per email and address, so a guesser is
   * stopped; loose per email across addresses, so a stranger cannot lock the owner out from
   * elsewhere yet a botnet still cannot guess forever. Ordered so that a caller refused by its own
   * address's rules adds nothing to the email's shared count.
   */
  login: (ip: string, email: string): RateLimitRule[] => [
    { key: `login:ip:${ip}`, limit: 30, windowSeconds: 10 * MINUTE },
    { key: `login:email-ip:${email}:${ip}`, limit: 10, windowSeconds: 15 * MINUTE },
    { key: `login:email:${email}`, limit: 100, windowSeconds: 15 * MINUTE },
  ],
  /** A visitor may take the tour a few times; a script may not open sessions by the hundred. */
  demoLogin: (ip: string): RateLimitRule[] => [{ key: `demo-login:ip:${ip}`, limit: 20, windowSeconds: HOUR }],
  /** Wrong current passwords (email or password change) per user: a stolen session cannot guess it. Failures only. */
  currentPassword: (userId: number): RateLimitRule[] => [
    { key: `current-password:user:${userId}`, limit: 10, windowSeconds: 15 * MINUTE },
  ],
  register: (ip: string): RateLimitRule[] => [{ key: `register:ip:${ip}`, limit: 10, windowSeconds: HOUR }],
  forgotPassword: (ip: string, email: string): RateLimitRule[] => [
    { key: `forgot:ip:${ip}`, limit: 20, windowSeconds: HOUR },
    { key: `forgot:email:${email}`, limit: 5, windowSeconds: HOUR },
  ],
  resendVerification: (ip: string, email: string): RateLimitRule[] => [
    { key: `verify-resend:ip:${ip}`, limit: 20, windowSeconds: HOUR },
    { key: `verify-resend:email:${email}`, limit: 5, windowSeconds: HOUR },
  ],
};
