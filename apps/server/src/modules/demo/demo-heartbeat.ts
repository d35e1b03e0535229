import type { HeartbeatEvent } from '../heartbeats/heartbeat-verdict';
import { lateReason } from '../heartbeats/lateness-sweep';
import { FAIL_REASON } from '../heartbeats/ping.service';
import type { DemoMonitorSpec } from './demo.catalogue';
import type { DemoCheck } from './demo-checks';
import type { SlotRule } from './demo-incidents';
import { gaussian, seedOf, uniform } from './demo-random';
import { loadAt } from './demo-rhythm';

/**
 * The demo's heartbeat: a cron job that runs once a period — at a quarter past, give or take the
 * half minute cron and the process take to start — pings `/start`, works 0.3–6 s (about half a
 * second at night, two in Tehran's busy hours), and pings its success with what it did. On about one day in fourteen one
 * run reports `/fail` (down until the next run's success, about a period later); on about one in
 * forty one run never happens (late at its deadline, until the next run's success). Everything is
 * a function of the run's index and its day's (demo-random.ts), so any split of time gives the same
 * pings, records, downtimes and state as one pass. The period must divide a day into three runs or
 * more: a day's incident is never its first or last run, so the runs around it are plain
 * successes of the same day and its downtime lies inside the day (demo-incidents' slots).
 */

const SECOND = 1_000;
const DAY = 86_400_000;
/** What each of a run's (or a day's) numbers decides: the last coordinate of its draw. */
const DRAW = { jitter: 1, runtime: 2, invoices: 3, failure: 4, incident: 5, incidentRun: 6 } as const;
/** A day's chance of holding a reported failure, and of a missed run. */
const FAIL_CHANCE = 1 / 14;
const MISS_CHANCE = 1 / 40;
const MIN_RUNTIME_MS = 0.3 * SECOND;
const MAX_RUNTIME_MS = 6 * SECOND;
/** What a failed run says in its `/fail` body (the down reason's second half). */
const FAILURE_NOTES = ['export timed out', 'the billing API answered 502', 'could not reach the invoices database'];

export interface HeartbeatRun {
  /** The period it runs in (time ÷ period). */
  index: number;
  outcome: 'success' | 'fail' | 'missed';
  /** Its `/start` ping; a missed run pings nothing. */
  startAt: number;
  /** Its success or `/fail` ping. */
  endAt: number;
  /** The body of that ping, kept as the last ping's note. */
  note: string;
}

export type DemoPingKind = 'start' | 'success' | 'fail';

/** What the heartbeat's `heartbeat_states` row holds at a time, as the ping service and the sweep leave it. */
export interface DemoHeartbeatState {
  lastPing: { at: number; kind: DemoPingKind; note: string | null } | null;
  /** The `/start` of a run still working. */
  startedAt: number | null;
  /** Last success + period + grace; null while down (after a `/fail` or a lateness), as the heartbeats module leaves it. */
  deadline: number | null;
  /** The last record filed (success, failure or lateness): the monitor's last check. */
  lastFiled: FiledHeartbeatCheck | null;
}

const periodMsOf = (spec: DemoMonitorSpec) => spec.periodSeconds * SECOND;
const allowedMsOf = (spec: DemoMonitorSpec) => (spec.periodSeconds + (spec.graceSeconds ?? 0)) * SECOND;
const runsPerDay = (spec: DemoMonitorSpec) => DAY / periodMsOf(spec);

/** The day's incident — which run, failed or missed — or null (most days). */
function incidentOfDay(spec: DemoMonitorSpec, seed: number, day: number) {
  const draw = uniform(seed, day, DRAW.incident);
  if (draw >= FAIL_CHANCE + MISS_CHANCE) return null;
  const run = 1 + Math.floor(uniform(seed, day, DRAW.incidentRun) * (runsPerDay(spec) - 2));
  return { index: day * runsPerDay(spec) + run, outcome: draw < FAIL_CHANCE ? ('fail' as const) : ('missed' as const) };
}

/** The run of period `index`. */
export function runOf(spec: DemoMonitorSpec, index: number): HeartbeatRun {
  const seed = seedOf(spec.key);
  const periodMs = periodMsOf(spec);
  const startAt = index * periodMs + periodMs / 4 + Math.round(30 * SECOND * uniform(seed, index, DRAW.jitter));
  const load = loadAt(startAt);
  const drawn = (0.5 + 1.5 * load) * SECOND * Math.exp(0.25 * gaussian(seed, index, DRAW.runtime));
  const runtimeMs = Math.round(Math.min(MAX_RUNTIME_MS, Math.max(MIN_RUNTIME_MS, drawn)));
  const incident = incidentOfDay(spec, seed, Math.floor(index / runsPerDay(spec)));
  const outcome = incident?.index === index ? incident.outcome : 'success';
  const note =
    outcome === 'fail'
      ? (FAILURE_NOTES[Math.floor(uniform(seed, index, DRAW.failure) * FAILURE_NOTES.length)] ?? '')
      : `Synced ${Math.round((40 + 360 * load) * (0.8 + 0.4 * uniform(seed, index, DRAW.invoices)))} invoices.`;
  return { index, outcome, startAt, endAt: startAt + runtimeMs, note };
}

/** A missed run's lateness: at the deadline its predecessor's success armed. */
const lateAt = (spec: DemoMonitorSpec, run: HeartbeatRun) => runOf(spec, run.index - 1).endAt + allowedMsOf(spec);

/** A record the heartbeats module files (heartbeat-records.ts), and the event that filed it. */
export interface FiledHeartbeatCheck {
  kind: HeartbeatEvent['kind'];
  check: DemoCheck;
}

/** The record a run leaves: its success (duration = runtime), its failure or its lateness (duration 0). */
function filedCheck(spec: DemoMonitorSpec, run: HeartbeatRun): FiledHeartbeatCheck {
  const none = { statusCode: null, resolveMs: null, connectMs: null, tlsMs: null };
  if (run.outcome === 'success') {
    const runtime = run.endAt - run.startAt;
    return {
      kind: 'success',
      check: { ...none, time: run.endAt, success: true, error: null, durationMs: runtime, responseMs: runtime },
    };
  }
  const failed = { ...none, success: false, durationMs: 0, responseMs: null };
  return run.outcome === 'fail'
    ? { kind: 'fail', check: { ...failed, time: run.endAt, error: `${FAIL_REASON} ${run.note}` } }
    : {
        kind: 'late',
        check: {
          ...failed,
          time: lateAt(spec, run),
          error: lateReason(spec.periodSeconds, spec.graceSeconds ?? 0),
        },
      };
}

/** The runs whose records may fall in [from, to): a record lies in its run's period, or just after it. */
function runsAround(spec: DemoMonitorSpec, from: number, to: number): HeartbeatRun[] {
  const runs: HeartbeatRun[] = [];
  const periodMs = periodMsOf(spec);
  for (let index = Math.floor(from / periodMs) - 1; index <= Math.floor((to - 1) / periodMs); index++)
    runs.push(runOf(spec, index));
  return runs;
}

/** The heartbeat's records in [from, to), in time order: what its pings and lateness filed. */
export function heartbeatChecksIn(spec: DemoMonitorSpec, from: number, to: number): DemoCheck[] {
  return runsAround(spec, from, to)
    .map((run) => filedCheck(spec, run).check)
    .filter((check) => check.time >= from && check.time < to);
}

/**
 * The heartbeat's downtimes as demo-incidents' day slots: from a run's `/fail` or lateness to the
 * next run's success, with the reason the heartbeats module gives.
 */
export function heartbeatIncidentRule(spec: DemoMonitorSpec): SlotRule {
  return {
    slotMs: DAY,
    span(seed, day, dayStart) {
      const incident = incidentOfDay(spec, seed, day);
      if (!incident) return null;
      const run = runOf(spec, incident.index);
      const down = filedCheck(spec, run).check;
      const upAt = runOf(spec, incident.index + 1).endAt;
      return { offset: down.time - dayStart, length: upAt - down.time, reason: down.error ?? '', statusCode: null };
    },
  };
}

/** What the heartbeat's state row holds once everything before `at` has happened. */
export function heartbeatStateAt(spec: DemoMonitorSpec, at: number): DemoHeartbeatState {
  // At most one run in a row is missed: the last two periods and this one hold the last ping.
  const periodMs = periodMsOf(spec);
  const runs = runsAround(spec, at - 2 * periodMs, at);
  const pings = runs.flatMap((run) =>
    run.outcome === 'missed'
      ? []
      : [
          { at: run.startAt, kind: 'start' as const, note: null },
          { at: run.endAt, kind: run.outcome, note: run.note },
        ],
  );
  const lastPing = pings.filter((ping) => ping.at < at).at(-1) ?? null;
  const filed = runs.map((run) => filedCheck(spec, run)).filter((filed) => filed.check.time < at);
  const lastFiled = filed.at(-1) ?? null;
  return {
    lastPing,
    startedAt: lastPing?.kind === 'start' ? lastPing.at : null,
    deadline: lastFiled?.kind === 'success' ? lastFiled.check.time + allowedMsOf(spec) : null,
    lastFiled,
  };
}
