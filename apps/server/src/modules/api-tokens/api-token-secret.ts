import { randomBytes } from 'node:crypto';
import { API_TOKEN_PATTERN, API_TOKEN_PREFIX } from '@paydar/contracts/api-tokens';

/** A new token: `pdr_` and 256 random bits in base64url. Only its hash (accounts/secrets.ts) is stored. */
export function generateApiToken(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** Whether text has a token's shape; anything else is refused before a query. */
export function looksLikeApiToken(text: string): boolean {
  return API_TOKEN_PATTERN.test(text);
}
