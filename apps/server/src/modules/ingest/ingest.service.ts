import type { CheckResult } from '@paydar/contracts/agent';
import type { ResultRefusal } from '@paydar/contracts/agent-api';
import type { SlowAlertRule } from '@paydar/contracts/slow-alert';
import { apdexClass } from '@paydar/domain/apdex';
import { bucketIndex } from '@paydar/domain/buckets';
import { sql } from 'drizzle-orm';
import type { ServiceContext } from '../../context';
import { isDataException, sqlState } from '../../db/errors';
import type { Transaction } from '../../db/transaction';
import { requestDispatch } from '../alerts/alert-dispatch.service';
import { applyCertificates } from '../certificates/certificate-ingest';
import { splitByMaintenance, stateInMaintenance } from '../maintenance/maintenance-ingest';
import { endDowntimesForMaintenance, hasSpanOverlapping } from '../maintenance/maintenance-spans.repository';
import { MAX_CHECK_TIMEOUT_MS } from '../monitors/check-spec';
import { resultsIngested } from '../operator-metrics/process-instruments';
import {
  addProberHealth,
  type HealthCounts,
  HOUR_MS,
  type ProberFailure,
  recordProberFailures,
} from '../probers/prober-health.repository';
import { recheckNotices, saveOutcomesWith } from './confirmation-rounds';
import { lockMonitorStates } from './monitor-state.repository';
import { ensurePartitions, insertProbeRecords, type ProbeRecordInput } from './probe-records.repository';
import { judgeSlowRules, slowChecksOf } from './slow-response';
import { slowStatesFrom, slowStatesQuery } from './slow-states.repository';
import { applyResults, type MonitorSettings, type StateInput } from './state-machine';

export interface IngestOutcome {
  accepted: number;
  duplicates: number;
  /** Results for monitors this prober is not assigned or that are paused, or with a time too far off. */
  rejected: number;
  /** Results the database would not store (a data exception), each refused alone. */
  refused: number;
  /** Every refusal, by position in the batch given. */
  refusals: ResultRefusal[];
  /** Monitors whose confirmation round this batch opened (their rounds end by settleLater if silent). */
  roundsOpened: number[];
  /** Accepted results that failed through the prober's own fault: counted in its health, not stored. */
  proberFailures: number;
}

const APDEX_CLASS = { satisfied: 0, tolerating: 1, frustrated: 2 } as const;
/** Results from further in the future than this are refused: the prober's clock is wrong. */
const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;
/** Results older than this are refused: their partitions may be gone. */
export const MAX_RESULT_AGE_MS = 7 * 24 * 60 * 60 * 1000;

interface AssignedMonitor extends MonitorSettings {
  apdexMs: number;
  /** When its last pause ended (epoch ms), or null: results from before then belong to no enabled span. */
  resumedAt: number | null;
  /** Its slow-response rule; null (most monitors) costs ingest nothing more. */
  slowAlert: SlowAlertRule | null;
  /** A maintenance span of it overlaps the batch's time range: only then are its results split by spans. */
  hasMaintenance: boolean;
}

/**
 * The batch's enabled monitors this prober is assigned, with what classifying and judging their
 * results needs. A paused (disabled) monitor's results are refused: a prober still finishing a
 * check when the monitor was switched off must not move its state (issue 13).
 */
async function assignedMonitors(
  transaction: Transaction,
  proberId: number,
  monitorIds: number[],
  span: { from: number; to: number },
) {
  const result = await transaction.db.execute<Record<string, unknown>>(sql`
    SELECT m.id, m.apdex_ms, m.period_seconds, m.protocol_type, m.slow_alert,
      ${hasSpanOverlapping(sql`m.id`, span.from, span.to)} AS has_maintenance,
      (SELECT array_agg(every.prober_id) FROM monitor_probers every WHERE every.monitor_id = m.id) AS prober_ids,
      (SELECT (extract(epoch FROM max(p.ended_at)) * 1000)::float8 FROM monitor_pauses p WHERE p.monitor_id = m.id)
        AS resumed_at
    FROM monitors m
    JOIN monitor_probers mp ON mp.monitor_id = m.id AND mp.prober_id = ${proberId}
    WHERE m.id = ANY(${sql.param(monitorIds)}::int[]) AND m.is_enabled`);
  return new Map<number, AssignedMonitor>(
    result.rows.map((row) => [
      row.id as number,
      {
        apdexMs: row.apdex_ms as number,
        periodSeconds: row.period_seconds as number,
        protocolType: row.protocol_type as string,
        proberIds: row.prober_ids as number[],
        resumedAt: row.resumed_at as number | null,
        slowAlert: row.slow_alert as SlowAlertRule | null,
        hasMaintenance: row.has_maintenance as boolean,
      },
    ]),
  );
}

function toRecord(result: CheckResult, time: number, proberId: number, apdexMs: number): ProbeRecordInput {
  const duration = result.phases.duration;
  return {
    monitorId: result.monitor_id,
    proberId,
    time,
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

/** The batch's new checks and new prober failures by UTC hour. */
function hourlyHealth(fresh: ProbeRecordInput[], faults: number[]): Map<number, HealthCounts> {
  const hours = new Map<number, HealthCounts>();
  const add = (time: number, fault: boolean) => {
    const hour = Math.floor(time / HOUR_MS) * HOUR_MS;
    const counts = hours.get(hour) ?? { checks: 0, proberFailures: 0 };
    counts.checks += 1;
    if (fault) counts.proberFailures += 1;
    hours.set(hour, counts);
  };
  for (const record of fresh) add(record.time, false);
  for (const time of faults) add(time, true);
  return hours;
}

/** [first, last] of the batch's times, as a half-open span; a batch with none in time spans `now` alone. */
function timeSpan(times: number[], now: number): { from: number; to: number } {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const time of times) {
    if (time < from) from = time;
    if (time > to) to = time;
  }
  return times.length ? { from, to: to + 1 } : { from: now, to: now + 1 };
}

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Stores a prober's batch and moves the monitors' state (ingestBatch). The agent API validates
 * each result first; should the database still refuse the batch's data (a data exception, SQLSTATE
 * class 22), the batch is split in halves, in order, until the results at fault are alone: they
 * are refused and every other one is stored — one bad result never fails a prober's pipeline.
 */
export async function ingestResults(context: ServiceContext, proberId: number, results: CheckResult[]) {
  const outcome = await ingestSplitting(context, proberId, results, 0);
  resultsIngested.inc(outcome.accepted);
  return outcome;
}

/** ingestResults for `results`, which start at `offset` in the batch the agent sent. */
async function ingestSplitting(
  context: ServiceContext,
  proberId: number,
  results: CheckResult[],
  offset: number,
): Promise<IngestOutcome> {
  try {
    return { ...(await ingestBatch(context, proberId, results)), refused: 0, refusals: [] };
  } catch (error) {
    if (!isDataException(error)) throw error;
    if (results.length === 1) {
      const message = `The database refused this result (SQLSTATE ${sqlState(error)}).`;
      return { ...NOTHING, refused: 1, refusals: [{ index: offset, field: 'non_field_errors', message }] };
    }
  }
  const middle = Math.ceil(results.length / 2);
  const first = await ingestSplitting(context, proberId, results.slice(0, middle), offset);
  const second = await ingestSplitting(context, proberId, results.slice(middle), offset + middle);
  return {
    accepted: first.accepted + second.accepted,
    duplicates: first.duplicates + second.duplicates,
    rejected: first.rejected + second.rejected,
    refused: first.refused + second.refused,
    refusals: [...first.refusals, ...second.refusals],
    roundsOpened: [...first.roundsOpened, ...second.roundsOpened],
    proberFailures: first.proberFailures + second.proberFailures,
  };
}

const NOTHING = { accepted: 0, duplicates: 0, rejected: 0, roundsOpened: [] as number[], proberFailures: 0 };

/**
 * Stores a batch and moves the monitors' state, in one transaction: the raw records
 * and rollups (one statement), then the down/up decisions from exactly the records that were
 * new. A batch sent twice is stored once and moves nothing the second time.
 */
async function ingestBatch(
  context: ServiceContext,
  proberId: number,
  results: CheckResult[],
): Promise<Omit<IngestOutcome, 'refused' | 'refusals'>> {
  if (!results.length) return NOTHING;
  const now = context.now().getTime();
  const inWindow = (time: number) => time <= now + MAX_CLOCK_SKEW_MS && time >= now - MAX_RESULT_AGE_MS;
  const times = results.map((result) => Date.parse(result.time));
  // Outside the transaction: a partition made inside one that rolls back would be remembered but gone.
  await ensurePartitions(context.db, [...new Set(times.filter(inWindow).map(dayOf))]);
  const span = timeSpan(times.filter(inWindow), now);
  return context.runInTransaction(async (transaction) => {
    const monitors = await assignedMonitors(
      transaction,
      proberId,
      [...new Set(results.map((result) => result.monitor_id))],
      span,
    );
    const records: ProbeRecordInput[] = [];
    const seen = new Set<string>();
    let rejected = 0;
    const faults: ProberFailure[] = [];
    results.forEach((result, index) => {
      const monitor = monitors.get(result.monitor_id);
      const time = times[index] as number;
      if (!monitor || !inWindow(time) || (monitor.resumedAt !== null && time < monitor.resumedAt)) {
        rejected += 1;
        return;
      }
      // The same result twice in one batch is a duplicate like one sent in two batches.
      const key = `${result.monitor_id}:${time}`;
      if (seen.has(key)) return;
      seen.add(key);
      // The prober's own trouble says nothing of the target: it feeds the prober's health only.
      if (!result.success && result.failure_class === 'prober') faults.push({ monitorId: result.monitor_id, time });
      else records.push(toRecord(result, time, proberId, monitor.apdexMs));
    });
    const fresh = (await insertProbeRecords(transaction.db, records)).map(
      (index) => records[index] as ProbeRecordInput,
    );
    // A prober failure sent again (a resent batch) is a duplicate too, not a second failure.
    const freshFaults = await recordProberFailures(transaction.db, proberId, faults);
    await addProberHealth(transaction.db, proberId, hourlyHealth(fresh, freshFaults));
    const { transitions, roundsOpened, slowEvents, judged } = await applyStateChanges(
      transaction,
      monitors,
      fresh,
      now,
    );
    // HTTPS results: the latest certificate per monitor, and its expiry warnings (modules/certificates).
    const certificateEvents = await applyCertificates(transaction.db, judged);
    if (transitions || slowEvents || certificateEvents) await requestDispatch(context, transaction);
    const accepted = fresh.length + freshFaults.length;
    return {
      accepted,
      duplicates: results.length - rejected - accepted,
      rejected,
      roundsOpened,
      proberFailures: freshFaults.length,
    };
  });
}

/**
 * Moves the monitors' states, then judges their speed. Returns how many down/up transitions (each
 * an event for alerting) it made, the monitors whose confirmation round opened, whose probers were
 * told to re-check, how many slow-response events it recorded, and the records judged (those
 * outside maintenance windows: checks inside one judge no speed either).
 *
 * From the lock of the state rows to the commit, the next batch of these monitors (another
 * prober's, at once) waits: so the states' write also carries the re-check NOTIFY and the read of
 * the slow-response states, one statement where there were three.
 */
async function applyStateChanges(
  transaction: Transaction,
  monitors: Map<number, AssignedMonitor>,
  fresh: ProbeRecordInput[],
  now: number,
): Promise<{
  transitions: number;
  roundsOpened: number[];
  slowEvents: number;
  judged: ProbeRecordInput[];
}> {
  if (!fresh.length) return { transitions: 0, roundsOpened: [], slowEvents: 0, judged: [] };
  // Results inside a maintenance window are stored but judge nothing (modules/maintenance).
  const maintenance = await splitByMaintenance(
    transaction.db,
    fresh,
    (monitorId) => monitors.get(monitorId)?.hasMaintenance === true,
  );
  const byMonitor = new Map<number, StateInput[]>();
  for (const monitorId of maintenance.entered.keys()) byMonitor.set(monitorId, []);
  for (const record of maintenance.judged) {
    let inputs = byMonitor.get(record.monitorId);
    if (!inputs) {
      inputs = [];
      byMonitor.set(record.monitorId, inputs);
    }
    inputs.push({
      proberId: record.proberId,
      time: record.time,
      success: record.success,
      statusCode: record.statusCode,
      error: record.error,
      timeoutMs: MAX_CHECK_TIMEOUT_MS,
    });
  }
  const locked = await lockMonitorStates(
    transaction.db,
    [...byMonitor.keys()].sort((a, b) => a - b),
  );
  const outcomes = locked.map((state) => {
    const monitor = monitors.get(state.monitorId) as AssignedMonitor;
    const current = maintenance.entered.has(state.monitorId)
      ? stateInMaintenance(state, maintenance.latestInside.get(state.monitorId), monitor.protocolType === 'HTTP')
      : state;
    return applyResults(monitor, current, byMonitor.get(state.monitorId) ?? [], now);
  });
  await endDowntimesForMaintenance(transaction.db, maintenance.entered);
  const opened = outcomes.filter((outcome) => outcome.roundOpened).map((outcome) => outcome.update.monitorId);
  const slowChecks = slowChecksOf(monitors, maintenance.judged);
  const { transitions, read } = await saveOutcomesWith(transaction.db, outcomes, {
    notices: recheckNotices(opened.flatMap((monitorId) => monitors.get(monitorId)?.proberIds ?? [])),
    ...(slowChecks ? { read: slowStatesQuery([...slowChecks.keys()]) } : {}),
  });
  const slowEvents = slowChecks
    ? await judgeSlowRules(
        transaction.db,
        monitors,
        slowChecks,
        slowStatesFrom(read),
        new Map(outcomes.map((outcome) => [outcome.update.monitorId, outcome.update])),
      )
    : 0;
  return { transitions, roundsOpened: opened, slowEvents, judged: maintenance.judged };
}
