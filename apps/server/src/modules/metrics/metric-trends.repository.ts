import type { Span } from '@paydar/domain/downtimes';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { standInProberName } from './metrics.repository';

/** One prober's successful checks per response-time bucket in one hour, from hourly_rollups. */
export interface HourBuckets {
  proberId: number;
  name: string;
  countryCode: string;
  /** Epoch ms of the hour's start. */
  hour: number;
  buckets: number[];
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The bucket counts of every (prober, hour) rollup of [from, to): a week is at most 168 rows per
 * prober, read through the primary key (monitor_id, hour, prober_id); raw records are never read.
 */
export async function bucketsByProberHour(db: Database, monitorId: number, span: Span): Promise<HourBuckets[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT r.prober_id, p.name, p.country_code, (extract(epoch FROM r.hour) * 1000)::float8 AS hour,
      ARRAY[r.bucket_0, r.bucket_1, r.bucket_2, r.bucket_3, r.bucket_4, r.bucket_5, r.bucket_6, r.bucket_7] AS buckets
    FROM hourly_rollups r LEFT JOIN probers p ON p.id = r.prober_id
    WHERE r.monitor_id = ${monitorId} AND r.hour >= ${iso(span.from)}::timestamptz AND r.hour < ${iso(span.to)}::timestamptz
    ORDER BY r.prober_id, r.hour`);
  return result.rows.map((row) => ({
    proberId: Number(row.prober_id),
    name: (row.name as string | null) ?? standInProberName(Number(row.prober_id)),
    countryCode: (row.country_code as string | null) ?? '',
    hour: Number(row.hour),
    buckets: (row.buckets as number[]).map(Number),
  }));
}
