import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database } from './client';
import { oneStatementAtATime } from './one-statement-at-a-time';
import * as schema from './schema/index';

/** One database transaction: drizzle for our queries, and raw SQL for pg-boss to enqueue jobs inside it. */
export interface Transaction {
  db: Database;
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

export type RunInTransaction = <T>(work: (transaction: Transaction) => Promise<T>) => Promise<T>;

interface TransactionClient {
  client: pg.PoolClient;
  db: Database;
}

/**
 * One drizzle per pooled connection, made the first time a transaction takes it: drizzle builds
 * its relational view of the whole schema when it is made, which every transaction (one per
 * batch of results) paid for again (issue 35: CPU per check). The connection's statements are
 * sent one at a time (one-statement-at-a-time.ts).
 */
const clients = new WeakMap<pg.PoolClient, TransactionClient>();

function transactionClient(pooled: pg.PoolClient): TransactionClient {
  let known = clients.get(pooled);
  if (!known) {
    const client = oneStatementAtATime(pooled);
    known = { client, db: drizzle(client, { schema }) as unknown as Database };
    clients.set(pooled, known);
  }
  return known;
}

/** Commits when `work` resolves, rolls back when it throws: no half-written state. */
export function transactionRunner(pool: pg.Pool): RunInTransaction {
  return async (work) => {
    const pooled = await pool.connect();
    const { client, db } = transactionClient(pooled);
    try {
      await client.query('BEGIN');
      const transaction: Transaction = {
        db,
        executeSql: (text, values) => client.query(text, values as unknown[]),
      };
      const result = await work(transaction);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      pooled.release();
    }
  };
}
