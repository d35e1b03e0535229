import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { useTestServer } from '../../test/use-test-server';
import { UsageError } from './admin.commands';
import {
  adjustCredit,
  auditLedgerReport,
  LedgerOutOfBalance,
  listTransactions,
  protectSignedNumbers,
} from './credit.commands';

const server = useTestServer();

const transactionsOf = async (user: { headers: Record<string, string> }) =>
  (
    await server.app.inject({ method: 'GET', url: '/api/v1/users/financial_transactions', headers: user.headers })
  ).json();

describe('adjust-credit', () => {
  it('credits and debits through the ledger, with the reason as what the user sees', async () => {
    const user = await buildUser(server);
    expect(await adjustCredit(server.context, user.email, '150,000', 'Refund for the May outage')).toBe(
      `Credited 150,000 Tomans to ${user.email} (balance 150,000 Tomans).`,
    );
    expect(await adjustCredit(server.context, user.email, ' -50000', 'Charged twice by mistake')).toBe(
      `Debited 50,000 Tomans from ${user.email} (balance 100,000 Tomans).`,
    );
    const list = await transactionsOf(user);
    expect(
      list.results.map((item: { amount: number; description: string }) => [item.amount, item.description]),
    ).toEqual([
      [-50_000, 'Charged twice by mistake'],
      [150_000, 'Refund for the May outage'],
    ]);
    // Each run is its own adjustment.
    await adjustCredit(server.context, user.email, '1000', 'again');
    await adjustCredit(server.context, user.email, '1000', 'again');
    expect((await transactionsOf(user)).count).toBe(4);
  });

  it('refuses to take the balance below zero, changing nothing', async () => {
    const user = await buildUser(server);
    await adjustCredit(server.context, user.email, '20000', 'gift');
    const refused = adjustCredit(server.context, user.email, '-20001', 'too much');
    await expect(refused).rejects.toBeInstanceOf(UsageError);
    await expect(refused).rejects.toThrow(
      `${user.email} has 20,000 Tomans: taking 20,001 Tomans would leave the balance below zero`,
    );
    expect((await transactionsOf(user)).count).toBe(1);
  });

  it('names what is wrong: amount, reason, email, unknown user', async () => {
    const user = await buildUser(server);
    for (const amount of ['0', 'ten', '1.5', '', '100000001', undefined]) {
      await expect(adjustCredit(server.context, user.email, amount, 'x'), `amount ${amount}`).rejects.toThrow(
        /the amount must be a whole number of Tomans/,
      );
    }
    await expect(adjustCredit(server.context, user.email, '1000', '  ')).rejects.toThrow(/give the reason/);
    await expect(adjustCredit(server.context, user.email, '1000', 'x'.repeat(301))).rejects.toThrow(/longer than 300/);
    await expect(adjustCredit(server.context, 'not-an-email', '1000', 'x')).rejects.toThrow('not a valid email');
    await expect(adjustCredit(server.context, 'nobody-here@example.test', '1000', 'x')).rejects.toThrow('no user');
    expect((await transactionsOf(user)).count).toBe(0);
  });

  it('reads a negative amount on the command line as a positional, not as flags', () => {
    const args = protectSignedNumbers(['adjust-credit', 'a@example.test', '-5000', '--reason', 'x']);
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: { reason: { type: 'string' } },
    });
    expect(positionals).toEqual(['adjust-credit', 'a@example.test', ' -5000']);
    expect(values.reason).toBe('x');
  });
});

describe('list-transactions', () => {
  it("prints the balance and every movement of one user's wallet, newest first", async () => {
    const user = await buildUser(server);
    const other = await buildUser(server);
    expect(await listTransactions(server.context, user.email)).toBe(`${user.email}: balance 0 Tomans, 0 transactions`);
    await adjustCredit(server.context, user.email, '75000', 'Welcome credit');
    await adjustCredit(server.context, user.email, '-5000', 'Correction');
    await adjustCredit(server.context, other.email, '999000', 'someone else');
    const lines = (await listTransactions(server.context, user.email)).split('\n');
    expect(lines[0]).toBe(`${user.email}: balance 70,000 Tomans, 2 transactions`);
    expect(lines[1]).toMatch(/id\s+date \(UTC\)\s+amount\s+balance\s+source\s+code\s+description/);
    expect(lines).toHaveLength(4);
    expect(lines[2]).toMatch(/-5,000\s+70,000\s+admin_adjustment\s+----\s+Correction$/);
    expect(lines[3]).toMatch(/\+75,000\s+75,000\s+admin_adjustment\s+----\s+Welcome credit$/);
    await expect(listTransactions(server.context, 'nobody-here@example.test')).rejects.toThrow('no user');
  });

  it('audits the books: a balance line when they agree, every disagreement (and a failure) when not', async () => {
    const user = await buildUser(server);
    await adjustCredit(server.context, user.email, '30000', 'gift');
    expect(await auditLedgerReport(server.context)).toMatch(
      /^The books balance: \d+ wallets, \d+ transactions, every balance the sum of its movements\.$/,
    );
    await server.context.db.execute(sql`UPDATE users SET charged_budget = 31000 WHERE id = ${user.id}`);
    const report = auditLedgerReport(server.context);
    await expect(report).rejects.toBeInstanceOf(LedgerOutOfBalance);
    await expect(report).rejects.toThrow(
      `${user.email} (user ${user.id}): balance 31000 but the movements sum to 30000`,
    );
    await server.context.db.execute(sql`UPDATE users SET charged_budget = 30000 WHERE id = ${user.id}`);
  });
});
