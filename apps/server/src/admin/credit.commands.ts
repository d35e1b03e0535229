import { randomUUID } from 'node:crypto';
import { emailField } from '@paydar/contracts/accounts';
import { sql } from 'drizzle-orm';
import type { ServiceContext } from '../context';
import { AppError } from '../errors';
import { findUserByEmail } from '../modules/accounts/users.repository';
import { auditLedger } from '../modules/ledger/ledger.audit';
import { type LedgerEntry, listLedgerEntries, postLedgerEntry } from '../modules/ledger/ledger.repository';
import { UsageError } from './admin.commands';

/** Far above any real adjustment: a typo with extra zeros is refused rather than posted. */
const MAX_ADJUSTMENT_TOMANS = 100_000_000;
const MAX_REASON_LENGTH = 300;

const tomans = (amount: number) => `${amount.toLocaleString('en-US')} Tomans`;

/**
 * parseArgs reads `-5000` as the flags -5, -0…: a signed number becomes ` -5000` (a leading
 * space), which parseArgs keeps as a positional and the amount parser trims.
 */
export function protectSignedNumbers(args: string[]): string[] {
  return args.map((arg) => (/^-\d[\d,_]*$/.test(arg) ? ` ${arg}` : arg));
}

function parseAmount(value: string | undefined): number {
  const text = (value ?? '').trim().replace(/[,_]/g, '');
  const amount = /^[-+]?\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(amount) || amount === 0 || Math.abs(amount) > MAX_ADJUSTMENT_TOMANS) {
    throw new UsageError(
      `the amount must be a whole number of Tomans, not 0, at most ${MAX_ADJUSTMENT_TOMANS.toLocaleString('en-US')} either way (got ${value?.trim() || '(missing)'})`,
    );
  }
  return amount;
}

async function userByEmail(context: ServiceContext, value: string | undefined) {
  const parsed = emailField.safeParse(value ?? '');
  if (!parsed.success) throw new UsageError(`not a valid email: ${value ?? '(missing)'}`);
  const user = await findUserByEmail(context.db, parsed.data);
  if (!user) throw new UsageError(`no user ${parsed.data}`);
  return user;
}

/**
 * Credits (positive) or debits (negative) a user's wallet through the ledger, with the reason as
 * the description the user sees in Transaction History. Each run is its own movement (a random
 * key): running the command twice adjusts twice, as an operator typing it twice means.
 */
export async function adjustCredit(
  context: ServiceContext,
  emailArgument: string | undefined,
  amountArgument: string | undefined,
  reasonArgument: string | undefined,
): Promise<string> {
  const amount = parseAmount(amountArgument);
  const reason = (reasonArgument ?? '').trim();
  if (!reason) throw new UsageError('give the reason: --reason "<text>" (the user sees it in Transaction History)');
  if (reason.length > MAX_REASON_LENGTH)
    throw new UsageError(`the reason is longer than ${MAX_REASON_LENGTH} characters`);
  const user = await userByEmail(context, emailArgument);
  try {
    const { entry } = await context.runInTransaction((transaction) =>
      postLedgerEntry(
        transaction.db,
        {
          userId: user.id,
          amount,
          source: 'admin_adjustment',
          description: reason,
          idempotencyKey: `admin:${randomUUID()}`,
        },
        context.now(),
      ),
    );
    return amount > 0
      ? `Credited ${tomans(amount)} to ${user.email} (balance ${tomans(entry.balanceAfter)}).`
      : `Debited ${tomans(-amount)} from ${user.email} (balance ${tomans(entry.balanceAfter)}).`;
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') {
      const current = await findUserByEmail(context.db, user.email);
      throw new UsageError(
        `${user.email} has ${tomans(current?.chargedBudget ?? 0)}: taking ${tomans(-amount)} would leave the balance below zero. Nothing was changed.`,
      );
    }
    throw error;
  }
}

function row(entry: LedgerEntry): string {
  const signed = `${entry.amount > 0 ? '+' : ''}${entry.amount.toLocaleString('en-US')}`;
  return [
    String(entry.id).padStart(6),
    entry.createdAt.toISOString().slice(0, 16).replace('T', ' '),
    signed.padStart(12),
    entry.balanceAfter.toLocaleString('en-US').padStart(12),
    entry.source.padEnd(16),
    (entry.externalIdentifier ?? '----').padEnd(14),
    entry.description,
  ].join('  ');
}

/** Every movement of a user's wallet, newest first, with what the API does not show (source, balance after). */
export async function listTransactions(context: ServiceContext, emailArgument: string | undefined): Promise<string> {
  const user = await userByEmail(context, emailArgument);
  const entries: LedgerEntry[] = [];
  for (;;) {
    const page = await listLedgerEntries(context.db, user.id, { limit: 500, offset: entries.length });
    entries.push(...page.entries);
    if (page.entries.length === 0 || entries.length >= page.count) break;
  }
  const summary = `${user.email}: balance ${tomans(user.chargedBudget)}, ${entries.length} transaction${entries.length === 1 ? '' : 's'}`;
  if (entries.length === 0) return summary;
  const header = [
    'id'.padStart(6),
    'date (UTC)'.padEnd(16),
    'amount'.padStart(12),
    'balance'.padStart(12),
    'source'.padEnd(16),
    'code'.padEnd(14),
    'description',
  ].join('  ');
  return [summary, header, ...entries.map(row)].join('\n');
}

/** Thrown when the books disagree: the CLI prints it and exits 1, so a cron or a script notices. */
export class LedgerOutOfBalance extends Error {
  override name = 'LedgerOutOfBalance';
}

/** Checks every wallet against its ledger (ledger.audit.ts); throws LedgerOutOfBalance listing what disagrees. */
export async function auditLedgerReport(context: ServiceContext): Promise<string> {
  const discrepancies = await auditLedger(context.db);
  if (discrepancies.length) {
    const lines = discrepancies.map((row) => `  ${row.email} (user ${row.userId}): ${row.problem}`);
    throw new LedgerOutOfBalance(
      [`The ledger disagrees with ${discrepancies.length === 1 ? 'a wallet' : 'wallets'}:`, ...lines].join('\n'),
    );
  }
  const counted = await context.db.execute<{ wallets: string; movements: string }>(sql`
    SELECT (SELECT count(*) FROM users) AS wallets, (SELECT count(*) FROM financial_transactions) AS movements`);
  const { wallets, movements } = counted.rows[0] ?? { wallets: '0', movements: '0' };
  return `The books balance: ${wallets} wallets, ${movements} transactions, every balance the sum of its movements.`;
}
