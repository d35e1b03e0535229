import type { CheckResult } from '@paydar/contracts/agent';
import { apdexClass } from '@paydar/domain/apdex';
import { bucketIndex } from '@paydar/domain/buckets';
import { sql } from 'drizzle-orm';
import type { ServiceContext } from '../../context';
import type { Transaction } from '../../db/transaction';
import { MAX_CHECK_TIMEOUT_MS } from '../monitors/check-spec';
import {
  closeDowntime,
  loadProberStates,
  lockMonitorStates,
  openDowntime,
  type ProberState,
  saveMonitorStates,
  saveProberStates,
} from './monitor-state.repository';
import { ensurePartitions, insertProbeRecords, type ProbeRecordInput } from './probe-records.repository';
import { applyResults, type StateInput } from './state-machine';

export interface IngestOutcome {
  accepted: number;
  duplicates: number;
  /** Results for monitors this prober is not assigned, or with a time too far off. */
  rejected: number;
}

const APDEX_CLASS = { satisfied: 0, tolerating: 1, frustrated: 2 } as const;
/** Results from further in the future than this are refused: the prober's clock is wrong. */
const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;
/** Results older than this are refused: their partitions may be gone. */
const MAX_RESULT_AGE_MS = 7 * 24 * 60 * 60 * 1000;

async function assignedMonitors(transaction: Transaction, proberId: number, monitorIds: number[]) {
  const result = await transaction.db.execute<{ id: number; apdex_ms: number; period_seconds: number }>(sql`
    SELECT m.id, m.apdex_ms, m.period_seconds FROM monitors m
    JOIN monitor_probers mp ON mp.monitor_id = m.id AND mp.prober_id = ${proberId}
    WHERE m.id = ANY(${sql.param(monitorIds)}::int[])`);
  return new Map(result.rows.map((row) => [row.id, row]));
}

function toRecord(result: CheckResult, proberId: number, apdexMs: number): ProbeRecordInput {
  const duration = result.phases.duration;
  return {
    monitorId: result.monitor_id,
    proberId,
    time: new Date(result.time),
    success: result.success,
    statusCode: result.status_code,
    durationMs: duration,
    resolveMs: result.phases.resolve,
    connectMs: result.phases.connect,
    tlsMs: result.phases.tls,
    responseMs: result.phases.response,
    error: result.error,
    extraInfo: result.extra_info,
    apdexClass: APDEX_CLASS[apdexClass(result.success, duration, apdexMs / 1000)],
    bucket: bucketIndex(duration),
  };
}

const dayOf = (time: Date) => time.toISOString().slice(0, 10);

/**
 * Stores a prober's batch and moves the monitors' state, in one transaction: the raw records
 * and rollups (one statement), then the down/up decisions from exactly the records that were
 * new. A batch sent twice is stored once and moves nothing the second time.
 */
export async function ingestResults(
  context: ServiceContext,
  proberId: number,
  results: CheckResult[],
): Promise<IngestOutcome> {
  if (!results.length) return { accepted: 0, duplicates: 0, rejected: 0 };
  const now = context.now().getTime();
  const inWindow = (time: number) => time <= now + MAX_CLOCK_SKEW_MS && time >= now - MAX_RESULT_AGE_MS;
  // Outside the transaction: a partition made inside one that rolls back would be remembered but gone.
  const days = new Set(
    results
      .map((result) => Date.parse(result.time))
      .filter(inWindow)
      .map((time) => dayOf(new Date(time))),
  );
  await ensurePartitions(context.db, [...days]);
  return context.runInTransaction(async (transaction) => {
    const monitors = await assignedMonitors(transaction, proberId, [
      ...new Set(results.map((result) => result.monitor_id)),
    ]);
    const records: ProbeRecordInput[] = [];
    for (const result of results) {
      const monitor = monitors.get(result.monitor_id);
      const time = Date.parse(result.time);
      if (!monitor || !inWindow(time)) continue;
      records.push(toRecord(result, proberId, monitor.apdex_ms));
    }
    const inserted = await insertProbeRecords(transaction.db, records);
    await applyStateChanges(
      transaction,
      records,
      new Set(inserted.map((key) => `${key.monitorId}:${key.time.getTime()}`)),
    );
    return {
      accepted: inserted.length,
      duplicates: records.length - inserted.length,
      rejected: results.length - records.length,
    };
  });
}

async function applyStateChanges(transaction: Transaction, records: ProbeRecordInput[], insertedKeys: Set<string>) {
  const fresh = records.filter((record) => insertedKeys.has(`${record.monitorId}:${record.time.getTime()}`));
  if (!fresh.length) return;
  const byMonitor = new Map<number, StateInput[]>();
  for (const record of fresh) {
    const inputs = byMonitor.get(record.monitorId) ?? [];
    inputs.push({
      proberId: record.proberId,
      time: record.time,
      success: record.success,
      statusCode: record.statusCode,
      error: record.error,
      timeoutMs: MAX_CHECK_TIMEOUT_MS,
    });
    byMonitor.set(record.monitorId, inputs);
  }
  const monitorIds = [...byMonitor.keys()].sort((a, b) => a - b);
  const locked = await lockMonitorStates(transaction.db, monitorIds);
  const proberStates = new Map<number, ProberState[]>();
  for (const state of await loadProberStates(transaction.db, monitorIds)) {
    proberStates.set(state.monitorId, [...(proberStates.get(state.monitorId) ?? []), state]);
  }
  const outcomes = locked.map((monitor) =>
    applyResults(monitor, proberStates.get(monitor.monitorId) ?? [], byMonitor.get(monitor.monitorId) ?? []),
  );
  await saveProberStates(
    transaction.db,
    outcomes.flatMap((outcome) => outcome.proberStates),
  );
  await saveMonitorStates(
    transaction.db,
    outcomes.map((outcome) => outcome.update),
  );
  for (const outcome of outcomes) {
    for (const transition of outcome.transitions) {
      if (transition.kind === 'down') await openDowntime(transaction.db, outcome.update.monitorId, transition.at);
      else await closeDowntime(transaction.db, outcome.update.monitorId, transition.at);
    }
  }
}
