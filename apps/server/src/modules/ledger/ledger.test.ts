import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { itLeavesTheBooksBalanced } from '../../../test/ledger-audit';
import { useTestServer } from '../../../test/use-test-server';
import { AppError } from '../../errors';
import { auditLedger } from './ledger.audit';
import { type LedgerEntryInput, listLedgerEntries, postLedgerEntry } from './ledger.repository';

const server = useTestServer();

const post = (input: LedgerEntryInput) =>
  server.context.runInTransaction((transaction) => postLedgerEntry(transaction.db, input, server.context.now()));

const balanceOf = async (userId: number) =>
  Number(
    (await server.context.db.execute<{ b: string }>(sql`SELECT charged_budget AS b FROM users WHERE id = ${userId}`))
      .rows[0]?.b,
  );

const credit = (userId: number, amount: number, key: string): LedgerEntryInput => ({
  userId,
  amount,
  source: 'admin_adjustment',
  description: 'test credit',
  idempotencyKey: key,
});

describe('the ledger', () => {
  it('keeps the balance equal to the sum of the movements, each row saying the balance after it', async () => {
    const user = await buildUser(server);
    await post(credit(user.id, 50_000, `a-${user.id}`));
    await post({ ...credit(user.id, -20_000, `b-${user.id}`), source: 'plan_purchase' });
    expect(await balanceOf(user.id)).toBe(30_000);
    const { count, entries } = await listLedgerEntries(server.context.db, user.id, { limit: 10, offset: 0 });
    expect(count).toBe(2);
    expect(entries.map((entry) => [entry.amount, entry.transactionType, entry.balanceAfter])).toEqual([
      [-20_000, 'decrease_credit', 30_000],
      [50_000, 'increase_credit', 50_000],
    ]);
  });

  it('posts a key once however often it is replayed, concurrently or not', async () => {
    const user = await buildUser(server);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => post(credit(user.id, 7_000, `replay-${user.id}`))),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.entry.id)).size).toBe(1);
    expect(await balanceOf(user.id)).toBe(7_000);
  });

  it('lets exactly one of 50 racing debits through when the balance covers one', async () => {
    const user = await buildUser(server);
    await post(credit(user.id, 89_000, `fund-${user.id}`));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        post({ ...credit(user.id, -89_000, `debit-${user.id}-${index}`), source: 'plan_purchase' }),
      ),
    );
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const outcome of refused) expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
    expect(await balanceOf(user.id)).toBe(0);
  });

  it('audits every wallet against its ledger, naming what disagrees', async () => {
    const user = await buildUser(server);
    const first = await post(credit(user.id, 10_000, `audit-a-${user.id}`));
    await post(credit(user.id, 5_000, `audit-b-${user.id}`));
    const mine = async () => (await auditLedger(server.context.db)).filter((row) => row.userId === user.id);
    expect(await mine()).toEqual([]);

    await server.context.db.execute(sql`UPDATE users SET charged_budget = 14000 WHERE id = ${user.id}`);
    await server.context.db.execute(
      sql`UPDATE financial_transactions SET balance_after = 9000 WHERE id = ${first.entry.id}`,
    );
    expect((await mine()).map((row) => row.problem)).toEqual([
      'balance 14000 but the movements sum to 15000',
      `transaction ${first.entry.id} says the balance after it is 9000, the movements up to it sum to 10000`,
    ]);
    // Put the books back for the final audit of this file.
    await server.context.db.execute(sql`UPDATE users SET charged_budget = 15000 WHERE id = ${user.id}`);
    await server.context.db.execute(
      sql`UPDATE financial_transactions SET balance_after = 10000 WHERE id = ${first.entry.id}`,
    );
    expect(await mine()).toEqual([]);
  });

  it('never lets the database hold a negative balance, whatever writes it', async () => {
    const user = await buildUser(server);
    await expect(
      server.context.db.execute(sql`UPDATE users SET charged_budget = -1 WHERE id = ${user.id}`),
    ).rejects.toMatchObject({ cause: { constraint: 'users_charged_budget_not_negative' } });
  });
});

itLeavesTheBooksBalanced(() => server);
