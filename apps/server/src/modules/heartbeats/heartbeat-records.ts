import { apdexClass } from '@paydar/domain/apdex';
import { bucketIndex } from '@paydar/domain/buckets';
import type { Database } from '../../db/client';
import type { Transaction } from '../../db/transaction';
import { saveOutcomes } from '../ingest/confirmation-rounds';
import { lockMonitorStates } from '../ingest/monitor-state.repository';
import { insertProbeRecords } from '../ingest/probe-records.repository';
import { HEARTBEAT_PROBER_ID, type HeartbeatEvent, heartbeatOutcome } from './heartbeat-verdict';

const APDEX_CLASS = { satisfied: 0, tolerating: 1, frustrated: 2 } as const;

/**
 * Files one heartbeat event as ingest files a check: a raw record and its hourly rollup (prober
 * HEARTBEAT_PROBER_ID), then — when `judged` — the monitor's state, downtime and alert event (an
 * event inside a maintenance window is kept but judges nothing, as a check there). A success's
 * duration is its runtime since `/start` (0 without one). Runs in the caller's transaction, which
 * holds the heartbeat's state row; returns how many down/up transitions it made.
 */
export async function fileHeartbeatEvent(
  transaction: Transaction,
  monitor: { monitorId: number; apdexMs: number },
  event: HeartbeatEvent,
  runtimeMs: number,
  judged = true,
): Promise<number> {
  const db: Database = transaction.db;
  const success = event.kind === 'success';
  const duration = success ? runtimeMs : 0;
  await insertProbeRecords(db, [
    {
      monitorId: monitor.monitorId,
      proberId: HEARTBEAT_PROBER_ID,
      time: event.at,
      success,
      statusCode: null,
      durationMs: duration,
      resolveMs: null,
      connectMs: null,
      tlsMs: null,
      responseMs: success ? duration : null,
      error: success ? null : event.reason,
      extraInfo: {},
      apdexClass: APDEX_CLASS[apdexClass(success, duration, monitor.apdexMs / 1000)],
      bucket: bucketIndex(duration),
    },
  ]);
  if (!judged) return 0;
  const [state] = await lockMonitorStates(db, [monitor.monitorId]);
  if (!state) return 0;
  return saveOutcomes(db, [heartbeatOutcome(state, event)]);
}
