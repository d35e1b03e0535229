import { sql } from 'drizzle-orm';
import type { Runtime } from '../../apps/server/src/runtime';

export interface StatementLine {
  calls: number;
  /** Execution plus planning time, ms, summed over the calls. */
  totalMs: number;
  query: string;
}

/**
 * pg_stat_statements of the benchmark's database, when its server preloads the extension
 * (`shared_preload_libraries = pg_stat_statements`): the statements a window ran, to find what a
 * check costs PostgreSQL. Returns null where the extension cannot be used: the figures do not need it.
 */
export async function statementStats(runtime: Runtime) {
  const { db } = runtime.context;
  try {
    await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`);
    await db.execute(sql`SELECT 1 FROM pg_stat_statements LIMIT 1`);
  } catch {
    return null;
  }
  return {
    async reset() {
      await db.execute(sql`SELECT pg_stat_statements_reset()`);
    },
    /** Every statement of this database since the reset, most time first. */
    async read(): Promise<StatementLine[]> {
      const result = await db.execute<{ calls: string; total_ms: number; query: string }>(sql`
        SELECT calls, (total_exec_time + total_plan_time)::float8 AS total_ms, query
        FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND query NOT LIKE '%pg_stat_statements%'
        ORDER BY total_exec_time + total_plan_time DESC`);
      return result.rows.map((row) => ({ calls: Number(row.calls), totalMs: row.total_ms, query: row.query }));
    },
  };
}

/** A printable table of `lines` per check: calls and ms of each statement, its text shortened. */
export function statementsPerCheck(lines: StatementLine[], checks: number, top = 20): string {
  const calls = lines.reduce((sum, line) => sum + line.calls, 0);
  const ms = lines.reduce((sum, line) => sum + line.totalMs, 0);
  const rows = lines
    .slice(0, top)
    .map(
      (line) =>
        `  ${(line.calls / checks).toFixed(3).padStart(8)} ${((line.totalMs / checks) * 1000).toFixed(1).padStart(8)} µs  ${line.query.replace(/\s+/g, ' ').slice(0, 150)}`,
    );
  return [
    `  statements per check ${(calls / checks).toFixed(2)}, their time ${((ms / checks) * 1000).toFixed(0)} µs per check (${checks} checks, ${lines.length} distinct)`,
    '     calls     time',
    ...rows,
  ].join('\n');
}
