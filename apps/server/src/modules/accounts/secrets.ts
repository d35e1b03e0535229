import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session keys, email and impersonation tokens. */
export function generateSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Secrets are stored only as their SHA-256: high-entropy values need no slow hash. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
