import { sql } from 'drizzle-orm';
import type { ServiceContext } from '../../context';
import { pruneProberFailures } from '../probers/prober-health.repository';
import { MAX_RESULT_AGE_MS } from './ingest.service';
import { dropPartition, ensurePartitions, listPartitionDays } from './probe-records.repository';

const DAY_MS = 86_400_000;
const MAINTENANCE_QUEUE = 'probe-records.maintain';
/** Partitions are made this many days ahead, so ingest rarely has to. */
const DAYS_AHEAD = 2;

const dayString = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** How many days of raw records and rollups to keep: the longest history any plan shows, plus today. */
export async function retentionDays(context: ServiceContext): Promise<number> {
  const result = await context.db.execute<{ days: number | null }>(
    sql`SELECT max((specifications->>'METRIC_HISTORY_DAYS')::int) AS days FROM plans`,
  );
  return (result.rows[0]?.days ?? 365) + 1;
}

/**
 * Makes the partitions of the coming days and drops whole partitions (and rollup rows) older
 * than the retention: deleting a day of raw records is a DROP, not millions of DELETEs.
 */
export async function maintainProbeRecords(context: ServiceContext): Promise<{ dropped: string[] }> {
  const today = Math.floor(context.now().getTime() / DAY_MS) * DAY_MS;
  await ensurePartitions(
    context.db,
    Array.from({ length: DAYS_AHEAD + 2 }, (_, index) => dayString(today + (index - 1) * DAY_MS)),
  );
  const oldestKept = dayString(today - (await retentionDays(context)) * DAY_MS);
  const dropped = (await listPartitionDays(context.db)).filter((day) => day < oldestKept);
  for (const day of dropped) await dropPartition(context.db, day);
  await context.db.execute(sql`DELETE FROM quarter_rollups WHERE quarter < ${`${oldestKept}T00:00:00Z`}::timestamptz`);
  await pruneProberFailures(context.db, new Date(context.now().getTime() - MAX_RESULT_AGE_MS - DAY_MS));
  return { dropped };
}

export async function registerProbeRecordMaintenance(context: ServiceContext): Promise<void> {
  await maintainProbeRecords(context);
  await context.jobs.work(MAINTENANCE_QUEUE, async () => {
    await maintainProbeRecords(context);
  });
  await context.jobs.schedule(MAINTENANCE_QUEUE, '7 * * * *');
}
