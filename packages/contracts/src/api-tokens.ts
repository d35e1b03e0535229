import { z } from 'zod';
import { pageOf } from './common';
import { pathId } from './path-ids';

/**
 * Personal API tokens (issue 17, item 4): for scripts, beside the browser's session key. Sent as
 * `Authorization: Bearer pdr_…`; the session key is `Authorization: Token <key>`.
 */

/** Every token starts with this, so a leaked one is recognised (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'pdr_';
/** The prefix and 32 random bytes in base64url (43 characters): 256 bits. */
export const API_TOKEN_PATTERN = /^pdr_[A-Za-z0-9_-]{43}$/;
export const API_TOKEN_NAME_MAX_LENGTH = 100;
/** Tokens one user may keep (expired ones count until revoked). */
export const API_TOKENS_PER_USER = 50;
/** The furthest expiry a token may be given; without one it lasts until revoked. */
export const API_TOKEN_MAX_LIFETIME_DAYS = 366;

export const API_TOKEN_SCOPES = ['read', 'read_write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const createApiTokenBody = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'Give the token a name.')
    .max(API_TOKEN_NAME_MAX_LENGTH)
    .describe('What the token is for, e.g. "deploy script"; 1–100 characters.'),
  scope: z
    .enum(API_TOKEN_SCOPES, { message: "Choose a scope: 'read' or 'read_write'." })
    .describe('`read`: GET and HEAD calls only; `read_write`: every call except tokens, account changes and payments.'),
  expires_at: z.iso
    .datetime({ offset: true })
    .max(40)
    .nullish()
    .describe('ISO 8601 instant after which the token stops working (at most 366 days ahead); omit for no expiry.'),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenBody>;

export const apiToken = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  created_at: z.string(),
  /** Updated at most once a minute; null until first used. */
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiToken>;

/** The answer to a create: the token itself, shown this once and never again. */
export const createdApiToken = apiToken.extend({
  token: z.string().describe('The secret, shown only in this answer: send it as `Authorization: Bearer <token>`.'),
});
export type CreatedApiToken = z.infer<typeof createdApiToken>;

/** Newest first; at most 50, so one page. */
export const apiTokenList = pageOf(apiToken);

export const apiTokenParams = z.object({
  id: pathId('The token’s id.'),
});
