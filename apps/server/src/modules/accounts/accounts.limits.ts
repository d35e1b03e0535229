import type { RateLimitRule } from '../rate-limit/rate-limiter';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Per-IP and per-email limits of the calls that can be abused to guess passwords or send mail. */
export const accountLimits = {
  login: (ip: string, email: string): RateLimitRule[] => [
    { key: `login:ip:${ip}`, limit: 30, windowSeconds: 10 * MINUTE },
    { key: `login:email:${email}`, limit: 10, windowSeconds: 15 * MINUTE },
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
