import { DAY_MS } from '@paydar/domain/time';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * What is kept of notices once mailed (the sweep runs this every minute, once per cluster):
 *
 * - a delivery queued more than NOTICE_RETENTION_DAYS ago is deleted — but not a subscriber's
 *   newest queued one: its token is what the latest mail's unsubscribe link names, so every
 *   subscriber can always leave from the last mail it got (older mails' links stop working after
 *   30 days);
 * - a notice older than NOTICE_RETENTION_DAYS, fanned out, with no delivery left is deleted;
 * - a notice not yet fanned out to all its subscribers, and a delivery not yet queued, are never
 *   deleted: their mails are still owed.
 *
 * Each statement deletes at most PRUNE_BATCH rows in its own transaction, so a large backlog never
 * holds locks for long; one run stops after PRUNE_MAX_BATCHES statements and the next minute goes on.
 */
export const NOTICE_RETENTION_DAYS = 30;
export const PRUNE_BATCH = 5_000;
const PRUNE_MAX_BATCHES = 100;

export interface PrunedNotices {
  deliveries: number;
  notices: number;
}

async function pruneDeliveries(db: Database, cutoff: string, batch: number): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM status_page_notice_deliveries WHERE id IN (
      SELECT d.id FROM status_page_notice_deliveries d
      WHERE d.queued_at < ${cutoff}::timestamptz
        AND EXISTS (SELECT 1 FROM status_page_notice_deliveries newer
          WHERE newer.subscriber_id = d.subscriber_id AND newer.queued_at IS NOT NULL AND newer.id > d.id)
      ORDER BY d.queued_at LIMIT ${batch})`);
  return result.rowCount ?? 0;
}

async function pruneEmptyNotices(db: Database, cutoff: string, batch: number): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM status_page_notices WHERE id IN (
      SELECT n.id FROM status_page_notices n
      WHERE n.created_at < ${cutoff}::timestamptz AND n.fanout_after IS NULL
        AND NOT EXISTS (SELECT 1 FROM status_page_notice_deliveries d WHERE d.notice_id = n.id)
      ORDER BY n.id LIMIT ${batch})`);
  return result.rowCount ?? 0;
}

/** Deletes what is past its time (see above), batch by batch; returns how many rows went. */
export async function pruneNotices(db: Database, now: Date, batch = PRUNE_BATCH): Promise<PrunedNotices> {
  const cutoff = new Date(now.getTime() - NOTICE_RETENTION_DAYS * DAY_MS).toISOString();
  const pruned: PrunedNotices = { deliveries: 0, notices: 0 };
  for (let run = 0; run < PRUNE_MAX_BATCHES; run += 1) {
    const deleted = await pruneDeliveries(db, cutoff, batch);
    pruned.deliveries += deleted;
    if (deleted < batch) break;
  }
  for (let run = 0; run < PRUNE_MAX_BATCHES; run += 1) {
    const deleted = await pruneEmptyNotices(db, cutoff, batch);
    pruned.notices += deleted;
    if (deleted < batch) break;
  }
  return pruned;
}
