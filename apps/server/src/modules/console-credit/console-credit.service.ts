import type { addCreditBody } from '@paydar/contracts/billing';
import type { z } from 'zod';
import type { Caller, ServiceContext } from '../../context';
import { refuseDemo } from '../../demo-guard';
import { AppError, forbidden, notFound } from '../../errors';
import { type ConsoleClient, ConsoleError } from './console.client';
import {
  findPostingByKey,
  markTransferAbandoned,
  readBalance,
  recordTransferRequest,
} from './console-credit.repository';
import { creditConsoleTransfer } from './console-credit.settlement';

export const CONSOLE_OFF_TEXT = 'Credit from the hosting console is not available right now.';
export const KEY_REUSED_TEXT = 'This Idempotency-Key was already used for a different request.';
export const CONSOLE_LEDGER_DESCRIPTION = 'Credit from hosting console';

/** The ledger key, also the console's idempotency_key: unique across users, whatever key a client picks. */
export const consoleLedgerKey = (userId: number, key: string) => `console:${userId}:${key}`;

/** Each add_credit that reaches the console costs one of these; replays of a posted key do not. */
const creditLimit = (userId: number) => [{ key: `console-credit:user:${userId}`, limit: 30, windowSeconds: 600 }];

/**
 * The console's answer as our status (spec §8: the web has a Persian text for each): 404, 400
 * with the console's own detail (the web looks for 'organization'), 401, 403; 409 for a key reused
 * with another body; anything else, or no answer, is 502.
 */
export function consoleFailure(error: ConsoleError): AppError {
  switch (error.kind) {
    case 'not-found':
      return notFound('No hosting console account uses this email.');
    case 'refused':
      return new AppError('CONSOLE_REFUSED', error.detail ?? 'The hosting console refused the request.');
    case 'unauthorized':
      return new AppError('CONSOLE_NOT_AUTHENTICATED', 'The hosting console did not accept our credentials.');
    case 'forbidden':
      return forbidden(error.detail ?? 'The hosting console does not allow this.');
    case 'conflict':
      return new AppError('CONFLICT', KEY_REUSED_TEXT);
    default:
      return new AppError('BAD_GATEWAY', 'The hosting console could not be reached. Please try again later.');
  }
}

function requireClient(client: ConsoleClient | undefined): ConsoleClient {
  if (!client) throw new AppError('UNAVAILABLE', CONSOLE_OFF_TEXT);
  return client;
}

/** `GET /api/v1/users/check_organization`: whether the caller's console account is linked (no account: false). */
export async function checkOrganization(
  client: ConsoleClient | undefined,
  caller: Caller,
): Promise<{ has_organization: boolean }> {
  const console_ = requireClient(client);
  try {
    return { has_organization: await console_.hasOrganization(caller.email) };
  } catch (error) {
    if (!(error instanceof ConsoleError)) throw error;
    if (error.kind === 'not-found') return { has_organization: false };
    throw consoleFailure(error);
  }
}

/**
 * `POST /api/v1/users/add_credit`: moves credit from the caller's console account to the wallet,
 * once per Idempotency-Key. The transfer is recorded before the console is asked (so the
 * reconciliation job can finish it whatever happens next), the console moves the credit
 * (idempotent on the same key), then the ledger credits it under that key. A retry after any
 * failure in between (a lost answer, a crash) gets the console's first transfer back and credits
 * it once; a caller who never retries is credited by the job. A key already posted answers at
 * once without asking the console again.
 */
export async function addConsoleCredit(
  context: ServiceContext,
  client: ConsoleClient | undefined,
  caller: Caller,
  body: z.infer<typeof addCreditBody>,
  idempotencyKey: string,
): Promise<{ success: true; amount: number; balance: number }> {
  refuseDemo(caller);
  if (body.user_email !== caller.email) throw forbidden('You can only add credit to your own account.');
  const console_ = requireClient(client);
  const key = consoleLedgerKey(caller.userId, idempotencyKey);
  const answered = (amount: number, balance: number) => ({ success: true as const, amount, balance });

  const posted = await findPostingByKey(context.db, caller.userId, key);
  if (posted) {
    if (posted.amount !== body.amount) throw new AppError('CONFLICT', KEY_REUSED_TEXT);
    return answered(posted.amount, await readBalance(context.db, caller.userId));
  }
  await context.rateLimiter.consume(creditLimit(caller.userId), context.now());
  const record = await recordTransferRequest(context.db, {
    userId: caller.userId,
    idempotencyKey: key,
    amount: body.amount,
    // The body's description is for the console's statement; the wallet's history names the source.
    ledgerDescription: CONSOLE_LEDGER_DESCRIPTION,
    now: context.now(),
  });
  // The key was first used for another amount (the console would refuse it too).
  if (record.amount !== body.amount) throw new AppError('CONFLICT', KEY_REUSED_TEXT);
  let transferId: string;
  try {
    ({ transferId } = await console_.transferCredit({
      email: caller.email,
      amount: body.amount,
      description: body.description || `${context.config.PRODUCT_NAME} wallet credit`,
      idempotencyKey: key,
    }));
  } catch (error) {
    if (!(error instanceof ConsoleError)) throw error;
    // A definite refusal moved nothing; an unknown outcome stays requested for a retry or the job.
    if (!outcomeUnknown(error)) await markTransferAbandoned(context.db, record.id, error.message, context.now());
    throw consoleFailure(error);
  }
  const entry = await creditConsoleTransfer(context, record, transferId);
  return answered(entry.amount, await readBalance(context.db, caller.userId));
}

/** Whether the console may have moved the credit although the call failed: no answer, or not one we understood. */
function outcomeUnknown(error: ConsoleError): boolean {
  return ['timeout', 'network', 'bad-response', 'failed'].includes(error.kind);
}
