import type { SlowAlertRule } from '@paydar/contracts/slow-alert';
import { applySlowChecks, NOT_SLOW, type SlowCheck, sameSlowRule } from '@paydar/domain/slow-response';
import type { Database } from '../../db/client';
import type { MonitorState } from './monitor-state.repository';
import type { ProbeRecordInput } from './probe-records.repository';
import { type MonitorSlowEvent, readSlowStates, type StoredSlowState, saveSlowStates } from './slow-states.repository';

/** What slow-response judging needs of a monitor: its rule (null: none) and apdex threshold. */
export interface SlowSettings {
  slowAlert: SlowAlertRule | null;
  apdexMs: number;
}

/**
 * The batch's new records of the monitors that have a slow-response rule, by monitor: the checks
 * judgeSlowRules judges. Undefined when no monitor of the batch has a rule, which then costs no
 * statement at all.
 */
export function slowChecksOf(
  monitors: ReadonlyMap<number, SlowSettings>,
  fresh: readonly ProbeRecordInput[],
): Map<number, SlowCheck[]> | undefined {
  let checks: Map<number, SlowCheck[]> | undefined;
  for (const record of fresh) {
    if (!monitors.get(record.monitorId)?.slowAlert) continue;
    checks ??= new Map();
    let list = checks.get(record.monitorId);
    if (!list) {
      list = [];
      checks.set(record.monitorId, list);
    }
    list.push({ time: record.time, success: record.success, durationMs: record.durationMs });
  }
  return checks;
}

/**
 * Judges these checks (domain slow-response) from the kept states `stored` (read after the
 * monitors' state rows were locked), after the down/up decision (`states`) so a monitor down now is
 * not called slow, and writes the states and their events in one statement. Returns how many events
 * it recorded. Call with the monitors' state rows locked.
 */
export async function judgeSlowRules(
  db: Database,
  monitors: ReadonlyMap<number, SlowSettings>,
  checks: ReadonlyMap<number, SlowCheck[]>,
  stored: ReadonlyMap<number, StoredSlowState>,
  states: ReadonlyMap<number, MonitorState>,
): Promise<number> {
  const saved: StoredSlowState[] = [];
  const made = new Set<number>();
  const events: MonitorSlowEvent[] = [];
  for (const [monitorId, list] of checks) {
    const settings = monitors.get(monitorId) as SlowSettings;
    const rule = settings.slowAlert as SlowAlertRule;
    const state = states.get(monitorId);
    const current = stored.get(monitorId);
    // A different rule than the window was built for starts over, silently (the edit said so).
    const same = current !== undefined && sameSlowRule(current.rule, rule);
    if (!same) made.add(monitorId);
    const start = same ? current : NOT_SLOW;
    const step = applySlowChecks(rule, settings.apdexMs, start, list, {
      isDown: state?.isDown ?? false,
      upSince: state && !state.isDown ? state.stateSince : null,
      confirming: state?.roundSince != null,
    });
    saved.push({ ...step.state, monitorId, rule });
    for (const event of step.events) events.push({ ...event, monitorId });
  }
  await saveSlowStates(db, saved, made, events);
  return events.length;
}

/**
 * Judges the batch's new records of the monitors that have a slow-response rule: reads and writes
 * the slow states in one statement each — none at all when no monitor of the batch has a rule.
 * Ingest reads them in its states' write instead (slowChecksOf, judgeSlowRules). Returns how many
 * events it recorded. Call with the monitors' state rows locked.
 */
export async function applySlowRules(
  db: Database,
  monitors: ReadonlyMap<number, SlowSettings>,
  fresh: readonly ProbeRecordInput[],
  states: ReadonlyMap<number, MonitorState>,
): Promise<number> {
  const checks = slowChecksOf(monitors, fresh);
  if (!checks) return 0;
  return judgeSlowRules(db, monitors, checks, await readSlowStates(db, [...checks.keys()]), states);
}
