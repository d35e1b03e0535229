import {
  API_TOKEN_MAX_LIFETIME_DAYS,
  API_TOKENS_PER_USER,
  type ApiToken,
  type CreatedApiToken,
  type createApiTokenBody,
} from '@paydar/contracts/api-tokens';
import type { z } from 'zod';
import type { ServiceContext, SessionCaller } from '../../context';
import { refuseDemo } from '../../demo-guard';
import { forbidden, invalidField, notFound } from '../../errors';
import { hashSecret } from '../accounts/secrets';
import { lockUserForLimits } from '../plans/plans.repository';
import { generateApiToken } from './api-token-secret';
import {
  type ApiTokenRow,
  countLiveApiTokens,
  deleteApiToken,
  insertApiToken,
  listApiTokens as listRows,
} from './api-tokens.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export function presentApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

function expiryOf(expiresAt: string | null | undefined, now: Date): Date | null {
  if (!expiresAt) return null;
  const at = new Date(expiresAt);
  if (at.getTime() <= now.getTime()) throw invalidField('expires_at', 'Choose a time in the future.');
  if (at.getTime() - now.getTime() > API_TOKEN_MAX_LIFETIME_DAYS * DAY_MS)
    throw invalidField('expires_at', `A token may last at most ${API_TOKEN_MAX_LIFETIME_DAYS} days.`);
  return at;
}

/**
 * Makes a token and returns it this once; only its hash is kept. Not for the shared demo account,
 * nor for staff impersonating (a token would outlast their visit), and at most 50 unexpired per user:
 * counted under the user's limits lock, so two creates at once cannot pass the cap.
 */
export async function createApiToken(
  context: ServiceContext,
  caller: SessionCaller,
  input: z.output<typeof createApiTokenBody>,
): Promise<CreatedApiToken> {
  refuseDemo(caller);
  if (caller.impersonatorId !== null) throw forbidden('Staff cannot create API tokens while impersonating.');
  const now = context.now();
  const expiresAt = expiryOf(input.expires_at, now);
  const token = generateApiToken();
  const row = await context.runInTransaction(async (transaction) => {
    await lockUserForLimits(transaction.db, caller.userId);
    if ((await countLiveApiTokens(transaction.db, caller.userId, now)) >= API_TOKENS_PER_USER) {
      throw invalidField(
        'name',
        `You can keep at most ${API_TOKENS_PER_USER} API tokens. Revoke one you no longer use first.`,
      );
    }
    return insertApiToken(transaction.db, {
      userId: caller.userId,
      name: input.name,
      scope: input.scope,
      tokenHash: hashSecret(token),
      expiresAt,
    });
  });
  return { ...presentApiToken(row), token };
}

export async function listApiTokens(
  context: ServiceContext,
  caller: SessionCaller,
): Promise<{ count: number; next: null; previous: null; results: ApiToken[] }> {
  const results = (await listRows(context.db, caller.userId)).map(presentApiToken);
  return { count: results.length, next: null, previous: null, results };
}

/** The token stops working at once (authentication reads it on every call). Another user's id: 404. */
export async function revokeApiToken(context: ServiceContext, caller: SessionCaller, id: number): Promise<void> {
  if (!(await deleteApiToken(context.db, caller.userId, id))) throw notFound();
}
