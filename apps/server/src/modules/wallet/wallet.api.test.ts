import { describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser } from '../../../test/factories';
import { itLeavesTheBooksBalanced } from '../../../test/ledger-audit';
import { useTestServer } from '../../../test/use-test-server';
import type { LedgerSource } from '../../db/schema/billing';
import { postLedgerEntry } from '../ledger/ledger.repository';

const server = useTestServer();

const list = (user: BuiltUser | null, query = '') =>
  server.app.inject({
    method: 'GET',
    url: `/api/v1/users/financial_transactions${query}`,
    headers: user ? user.headers : {},
  });

/** Posts movements one second apart (the last one newest), as the ledger would. */
async function seed(
  user: BuiltUser,
  movements: Array<{ amount: number; source: LedgerSource; description: string; external?: string }>,
) {
  const start = Date.parse('2026-05-01T10:00:00Z');
  for (const [index, movement] of movements.entries()) {
    await server.context.runInTransaction((transaction) =>
      postLedgerEntry(
        transaction.db,
        {
          userId: user.id,
          amount: movement.amount,
          source: movement.source,
          description: movement.description,
          externalIdentifier: movement.external ?? null,
          idempotencyKey: `seed:${user.id}:${index}`,
        },
        new Date(start + index * 1000),
      ),
    );
  }
}

describe('GET /api/v1/users/financial_transactions', () => {
  it('lists the caller’s movements newest first, in the spec’s shape (no user, no internals)', async () => {
    const user = await buildUser(server);
    await seed(user, [
      { amount: 100_000, source: 'zarinpal', description: 'Charge via Zarinpal', external: '201001' },
      { amount: -89_000, source: 'plan_purchase', description: 'Plan Silver (Monthly)' },
    ]);
    const response = await list(user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      count: 2,
      next: null,
      previous: null,
      results: [
        {
          id: expect.any(Number),
          amount: -89_000,
          transaction_type: 'decrease_credit',
          description: 'Plan Silver (Monthly)',
          external_identifier: null,
          creation_time: '2026-05-01T10:00:01.000Z',
        },
        {
          id: expect.any(Number),
          amount: 100_000,
          transaction_type: 'increase_credit',
          description: 'Charge via Zarinpal',
          external_identifier: '201001',
          creation_time: '2026-05-01T10:00:00.000Z',
        },
      ],
    });
  });

  it('pages with links to the neighbouring pages', async () => {
    const user = await buildUser(server);
    await seed(
      user,
      Array.from({ length: 12 }, (_, index) => ({
        amount: 1_000 * (index + 1),
        source: 'admin_adjustment' as const,
        description: `credit ${index}`,
      })),
    );
    const first = (await list(user)).json();
    expect(first.count).toBe(12);
    expect(first.results).toHaveLength(10);
    expect(first.results[0].description).toBe('credit 11');
    expect(first.next).toBe('http://api.test/api/v1/users/financial_transactions?limit=10&offset=10');
    const second = (await list(user, '?limit=10&offset=10')).json();
    expect(second.results.map((item: { description: string }) => item.description)).toEqual(['credit 1', 'credit 0']);
    expect(second.previous).toBe('http://api.test/api/v1/users/financial_transactions?limit=10&offset=0');
    expect(second.next).toBeNull();
  });

  it("never shows another user's transactions", async () => {
    const owner = await buildUser(server);
    const other = await buildUser(server);
    await seed(owner, [{ amount: 50_000, source: 'console', description: 'Credit from hosting console' }]);
    expect((await list(other)).json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect((await list(owner)).json().count).toBe(1);
  });

  it('refuses a signed-out caller and names a bad limit or offset', async () => {
    expect((await list(null)).statusCode).toBe(401);
    const user = await buildUser(server);
    const tooMany = await list(user, '?limit=101');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toHaveProperty('limit');
    expect((await list(user, '?offset=-1')).json()).toHaveProperty('offset');
  });
});

itLeavesTheBooksBalanced(() => server);
