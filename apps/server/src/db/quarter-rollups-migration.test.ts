import fs from 'node:fs/promises';
import path from 'node:path';
import { HOUR_MS, MINUTE_MS, utcHourStart } from '@paydar/domain/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResult, postResults } from '../../test/check-results';
import { buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { addResultsProber, createHttpMonitor } from '../../test/results-prober';
import { migrationsFolder } from './migrate';

/**
 * Migration 0035 (issue 26) on rollups as they stood per UTC hour. The hours are made by real
 * ingest — its quarter rows summed into hours, as ingest kept them before — so an hour whose raw
 * records are kept must come back as exactly the quarters ingest writes today; an hour without raw
 * records, or whose records no longer account for it (the monitor's T changed since), goes whole
 * into its first quarter. Nothing is lost: every column sums to the same over all rows.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ JOBS_ENABLED: 'false' });
});
afterAll(() => server.close());

const COLUMNS = [
  'checks',
  'failures',
  'satisfied',
  'tolerating',
  'frustrated',
  ...Array.from({ length: 8 }, (_, index) => `bucket_${index}`),
  'duration_sum',
  'resolve_sum',
  'resolve_count',
  'connect_sum',
  'connect_count',
  'tls_sum',
  'tls_count',
  'response_sum',
  'response_count',
];
const columns = sql.raw(COLUMNS.join(', '));
const sums = sql.raw(COLUMNS.map((column) => `sum(${column})::float8 AS ${column}`).join(', '));

async function migrationStatements(prefix: string): Promise<string[]> {
  const [file] = (await fs.readdir(migrationsFolder)).filter((name) => name.startsWith(prefix));
  const text = await fs.readFile(path.join(migrationsFolder, file ?? ''), 'utf8');
  return text.split('--> statement-breakpoint').map((statement) => statement.trim());
}

type Row = Record<string, number | string>;
const quarterRows = async (monitorIds: number[]): Promise<Row[]> =>
  (
    await server.context.db.execute<Row>(sql`
      SELECT monitor_id, prober_id, quarter, ${columns} FROM quarter_rollups
      WHERE monitor_id = ANY(${sql.param(monitorIds)}::int[]) ORDER BY monitor_id, prober_id, quarter`)
  ).rows.map((row) => ({ ...row, quarter: new Date(row.quarter as string).toISOString() }));

describe('migration 0035: hourly rollups become quarter-hour rollups', () => {
  it('rebuilds the hours it has raw records for as their exact quarters, and keeps the others whole', async () => {
    const { db } = server.context;
    const user = await buildUser(server);
    const prober = await addResultsProber(server, 'Z-migration');
    const kept = await createHttpMonitor(server, user, [prober.id], { period: 300 });
    const rawDropped = await createHttpMonitor(server, user, [prober.id], { period: 300 });
    const changedT = await createHttpMonitor(server, user, [prober.id], { period: 300 });
    const ids = [kept.id, rawDropped.id, changedT.id];
    // Two hours ago: the hour's four quarters each get checks, one failing, of several speeds.
    const hour = utcHourStart(Date.now()) - 2 * HOUR_MS;
    const times = [2, 10, 16, 29, 31, 44, 46, 59].map((minute) => hour + minute * MINUTE_MS);
    for (const id of ids) {
      const results = times.map((time, index) =>
        checkResult(id, time, index !== 3, {
          response: 90,
          duration: [100, 300, 700, 100, 1500, 2600, 90, 9000][index] ?? 0,
        }),
      );
      expect((await postResults(server, prober.key, results)).json().accepted).toBe(times.length);
    }
    const expected = await quarterRows([kept.id]);
    // Ingest wrote quarters: the hour's rows are at :00, :15, :30 and :45.
    expect(expected.map((row) => row.quarter)).toEqual(
      [0, 15, 30, 45].map((minute) => new Date(hour + minute * MINUTE_MS).toISOString()),
    );

    // The table as it stood: hourly_rollups, each hour the sum of its quarters; no quarter rows.
    const create = (await migrationStatements('0001_')).find((statement) =>
      statement.startsWith('CREATE TABLE "hourly_rollups"'),
    );
    await db.execute(sql.raw(create ?? ''));
    await db.execute(sql`
      INSERT INTO hourly_rollups (monitor_id, prober_id, hour, ${columns})
      SELECT monitor_id, prober_id, date_bin('1 hour', quarter, TIMESTAMPTZ '2000-01-01 00:00:00+00'), ${sums}
      FROM quarter_rollups WHERE monitor_id = ANY(${sql.param(ids)}::int[]) GROUP BY 1, 2, 3`);
    // And an hour older than any raw record kept, for one of them.
    const old = hour - 30 * 24 * HOUR_MS;
    await db.execute(sql`INSERT INTO hourly_rollups (monitor_id, prober_id, hour, checks, failures, frustrated)
      VALUES (${kept.id}, ${prober.id}, ${new Date(old).toISOString()}, 12, 2, 2)`);
    const before = (
      await db.execute<Row>(sql`SELECT ${sums} FROM hourly_rollups WHERE monitor_id = ANY(${sql.param(ids)}::int[])`)
    ).rows[0];
    await db.execute(sql`DELETE FROM quarter_rollups WHERE monitor_id = ANY(${sql.param(ids)}::int[])`);
    await db.execute(sql`DELETE FROM probe_records WHERE monitor_id = ${rawDropped.id}`);
    await db.execute(sql`UPDATE monitors SET apdex_ms = 2000 WHERE id = ${changedT.id}`);

    const [, ...copy] = await migrationStatements('0035_');
    expect(copy).toHaveLength(1);
    await db.execute(sql.raw(copy[0] ?? ''));
    for (const statement of await migrationStatements('0036_')) await db.execute(sql.raw(statement));

    const rebuilt = await quarterRows([kept.id]);
    expect(rebuilt).toEqual([
      { ...expected[0], checks: 12, failures: 2, frustrated: 2, quarter: new Date(old).toISOString(), ...zeroesBut() },
      ...expected,
    ]);
    // No raw records, or records that no longer give the hour's apdex classes: the hour whole at :00.
    for (const id of [rawDropped.id, changedT.id]) {
      const rows = await quarterRows([id]);
      expect(rows.map((row) => row.quarter)).toEqual([new Date(hour).toISOString()]);
      expect(rows[0]?.checks).toBe(times.length);
    }
    const after = (
      await db.execute<Row>(sql`SELECT ${sums} FROM quarter_rollups WHERE monitor_id = ANY(${sql.param(ids)}::int[])`)
    ).rows[0];
    for (const column of COLUMNS) expect(Number(after?.[column]), column).toBeCloseTo(Number(before?.[column]), 1);
    const gone = await db.execute(sql`SELECT to_regclass('hourly_rollups') AS name`);
    expect(gone.rows[0]).toEqual({ name: null });
  });
});

/** The columns of a rollup row of failed checks only, other than the counts given: zero. */
function zeroesBut(): Row {
  const row: Row = {};
  for (const column of COLUMNS) if (!['checks', 'failures', 'frustrated'].includes(column)) row[column] = 0;
  return row;
}
