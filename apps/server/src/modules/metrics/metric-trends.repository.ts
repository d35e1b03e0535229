import type { Span } from '@paydar/domain/downtimes';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { standInProberName } from './metrics.repository';

/** One prober's successful checks per response-time bucket in one hour, its four quarter_rollups rows summed. */
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
 * The bucket counts of every (prober, hour) of [from, to), the hours counted from `from` (a local
 * hour start of the reader's zone, so in Tehran an hour is 00:00–01:00 local, not 23:30–00:30): a
 * week is at most 168 rows per prober, summed from its quarters read through the primary key
 * (monitor_id, quarter, prober_id); raw records are never read.
 */
export async function bucketsByProberHour(db: Database, monitorId: number, span: Span): Promise<HourBuckets[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT r.prober_id, min(p.name) AS name, min(p.country_code) AS country_code,
      (extract(epoch FROM date_bin('1 hour', r.quarter, ${iso(span.from)}::timestamptz)) * 1000)::float8 AS hour,
      ARRAY[sum(r.bucket_0), sum(r.bucket_1), sum(r.bucket_2), sum(r.bucket_3),
            sum(r.bucket_4), sum(r.bucket_5), sum(r.bucket_6), sum(r.bucket_7)]::int[] AS buckets
    FROM quarter_rollups r LEFT JOIN probers p ON p.id = r.prober_id
    WHERE r.monitor_id = ${monitorId} AND r.quarter >= ${iso(span.from)}::timestamptz AND r.quarter < ${iso(span.to)}::timestamptz
    GROUP BY r.prober_id, 4
    ORDER BY r.prober_id, 4`);
  return result.rows.map((row) => ({
    proberId: Number(row.prober_id),
    name: (row.name as string | null) ?? standInProberName(Number(row.prober_id)),
    countryCode: (row.country_code as string | null) ?? '',
    hour: Number(row.hour),
    buckets: (row.buckets as number[]).map(Number),
  }));
}
