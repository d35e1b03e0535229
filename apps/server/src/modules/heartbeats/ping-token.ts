import { generateSecret, hashSecret } from '../accounts/secrets';

/** Characters of the secret kept in the clear, so a user tells two ping URLs apart (~36 bits: no help guessing). */
const PREFIX_LENGTH = 6;

export interface NewPingToken {
  token: string;
  hash: string;
  prefix: string;
}

/** A new ping secret (256 random bits) and what is stored of it: its SHA-256 and its first characters. */
export function newPingToken(): NewPingToken {
  const token = generateSecret();
  return { token, hash: hashSecret(token), prefix: token.slice(0, PREFIX_LENGTH) };
}

/** `{public}/ping/{token}`: what a job calls. */
export const pingUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/+$/, '')}/ping/${token}`;

/** The URL as the detail shows it later, its secret cut to the prefix. */
export const pingUrlHint = (publicUrl: string, prefix: string) => `${pingUrl(publicUrl, prefix)}…`;
