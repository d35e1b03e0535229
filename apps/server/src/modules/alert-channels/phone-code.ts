import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH } from '@paydar/contracts/alert-channels';
import { hashSecret } from '../accounts/secrets';

/** A uniformly random code of VERIFICATION_CODE_LENGTH digits, leading zeros kept. */
export function generatePhoneCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
}

/**
 * `<salt>$<sha256(salt:code)>`. Unlike links and start tokens, codes are short and repeat across
 * users, so each gets a salt of its own: the secret_hash column is unique, and two users' equal
 * codes must not collide there or be told apart from each other's rows.
 */
export function hashPhoneCode(code: string): string {
  const salt = randomBytes(16).toString('base64url');
  return `${salt}$${hashSecret(`${salt}:${code}`)}`;
}

export function phoneCodeMatches(stored: string, code: string): boolean {
  const [salt, hash] = stored.split('$');
  if (!salt || !hash) return false;
  const given = Buffer.from(hashSecret(`${salt}:${code.trim()}`));
  const expected = Buffer.from(hash);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
