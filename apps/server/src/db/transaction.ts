import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database } from './client';
import * as schema from './schema/index';

/** One database transaction: drizzle for our queries, and raw SQL for pg-boss to enqueue jobs inside it. */
export interface Transaction {
  db: Database;
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

export type RunInTransaction = <T>(work: (transaction: Transaction) => Promise<T>) => Promise<T>;

/** Commits when `work` resolves, rolls back when it throws: no half-written state. */
export function transactionRunner(pool: pg.Pool): RunInTransaction {
  return async (work) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const transaction: Transaction = {
        db: drizzle(client, { schema }) as unknown as Database,
        executeSql: (text, values) => client.query(text, values as unknown[]),
      };
      const result = await work(transaction);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
}
