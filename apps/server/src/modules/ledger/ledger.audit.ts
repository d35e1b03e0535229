import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** One way a wallet disagrees with its ledger. */
export interface LedgerDiscrepancy {
  userId: number;
  email: string;
  problem: string;
}

/**
 * Checks every wallet against its ledger: the balance (`users.charged_budget`) equals the sum
 * of the user's movements, each row's `balance_after` equals the running sum up to it (in posting
 * order: postings to one wallet take turns under its row lock, so ids follow that order), and no
 * running balance dips below zero. An empty answer means the books agree. Read-only; used by
 * `npm run admin -- audit-ledger` and, after their races and replays, by the money tests.
 */
export async function auditLedger(db: Database): Promise<LedgerDiscrepancy[]> {
  const result = await db.execute<{ user_id: number; email: string; problem: string }>(sql`
    WITH running AS (
      SELECT user_id, id, balance_after,
        sum(amount) OVER (PARTITION BY user_id ORDER BY id) AS expected
      FROM financial_transactions
    ),
    totals AS (
      SELECT user_id, sum(amount) AS total FROM financial_transactions GROUP BY user_id
    )
    SELECT u.id AS user_id, u.email,
      'balance ' || u.charged_budget || ' but the movements sum to ' || coalesce(t.total, 0) AS problem
    FROM users u LEFT JOIN totals t ON t.user_id = u.id
    WHERE u.charged_budget <> coalesce(t.total, 0)
    UNION ALL
    SELECT r.user_id, u.email,
      'transaction ' || r.id || ' says the balance after it is ' || r.balance_after || ', the movements up to it sum to ' || r.expected
    FROM running r JOIN users u ON u.id = r.user_id
    WHERE r.balance_after <> r.expected OR r.expected < 0
    ORDER BY 1, 3`);
  return result.rows.map((row) => ({ userId: row.user_id, email: row.email, problem: row.problem }));
}
