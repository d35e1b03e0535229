import { CONFIRMATION_WAIT_MS } from '@paydar/domain/confirmation';
import { sql } from 'drizzle-orm';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import type { Transaction } from '../../db/transaction';
import { requestDispatch } from '../alerts/alert-dispatch.service';
import {
  type AlongsideStates,
  closeDowntime,
  lockMonitorStates,
  type Notice,
  openDowntime,
  saveMonitorStates,
} from './monitor-state.repository';
import { applyResults, type MonitorSettings, type StateOutcome } from './state-machine';

/**
 * What a confirmation round needs besides the state machine (ARCHITECTURE.md, "Confirmation
 * round"): telling every prober of a monitor to re-check it now, and ending a round whose probers
 * stay silent once it has waited its time.
 */

/** Where a failed settle is reported (pino's and Fastify's loggers both fit). */
export interface WarnLogger {
  warn(details: object, message: string): void;
}

/**
 * The NOTIFY that wakes the long polls of these probers: their next answer lists the open rounds
 * (agent.service). None for no prober. Sent with the states' write (saveOutcomesWith).
 */
export function recheckNotices(proberIds: Iterable<number>): Notice[] {
  const ids = [...new Set(proberIds)];
  // The same channel as assignment changes: one LISTEN wakes an agent's poll for either.
  return ids.length ? [{ channel: 'prober_assignments', payload: ids.join(',') }] : [];
}

/**
 * Writes the outcomes of the state machine: the states (with what `alongside` adds to that
 * statement, whose read rows it returns), then the downtimes their transitions open or close.
 * Returns how many transitions (each an event for alerting) there were.
 */
export async function saveOutcomesWith(
  db: Database,
  outcomes: StateOutcome[],
  alongside: AlongsideStates,
): Promise<{ transitions: number; read: Record<string, unknown>[] }> {
  const read = await saveMonitorStates(
    db,
    outcomes.map((outcome) => outcome.update),
    alongside,
  );
  let transitions = 0;
  for (const outcome of outcomes) {
    for (const transition of outcome.transitions) {
      if (transition.kind === 'down')
        await openDowntime(db, outcome.update.monitorId, transition.at, transition.reason);
      else await closeDowntime(db, outcome.update.monitorId, transition.at);
      transitions += 1;
    }
  }
  return { transitions, read };
}

/** saveOutcomesWith, nothing alongside: how many transitions there were. */
export async function saveOutcomes(db: Database, outcomes: StateOutcome[]): Promise<number> {
  return (await saveOutcomesWith(db, outcomes, {})).transitions;
}

/** Settings of these monitors, as the state machine needs them. */
async function monitorSettings(transaction: Transaction, monitorIds: number[]) {
  const result = await transaction.db.execute<Record<string, unknown>>(sql`
    SELECT m.id, m.period_seconds, m.protocol_type,
      coalesce((SELECT array_agg(every.prober_id) FROM monitor_probers every WHERE every.monitor_id = m.id), '{}')
        AS prober_ids
    FROM monitors m WHERE m.id = ANY(${sql.param(monitorIds)}::int[])`);
  return new Map<number, MonitorSettings>(
    result.rows.map((row) => [
      row.id as number,
      {
        periodSeconds: row.period_seconds as number,
        protocolType: row.protocol_type as string,
        proberIds: row.prober_ids as number[],
      },
    ]),
  );
}

/** Ends the rounds of these monitors that have waited their time, deciding from the answers they got. */
export async function settleRounds(context: ServiceContext, monitorIds: number[]): Promise<number> {
  if (!monitorIds.length) return 0;
  return context.runInTransaction((transaction) => settleInTransaction(context, transaction, monitorIds));
}

/**
 * settleRounds in the caller's transaction. The state rows are locked (in id order) and read
 * again, so a round another settle or a batch ended meanwhile is not decided twice.
 */
export async function settleInTransaction(
  context: ServiceContext,
  transaction: Transaction,
  monitorIds: number[],
): Promise<number> {
  const settings = await monitorSettings(transaction, monitorIds);
  const ids = monitorIds.filter((id) => settings.has(id)).sort((a, b) => a - b);
  if (!ids.length) return 0;
  const now = context.now().getTime();
  const locked = await lockMonitorStates(transaction.db, ids);
  const outcomes = locked
    .filter((state) => state.roundSince !== null)
    .map((state) => applyResults(settings.get(state.monitorId) as MonitorSettings, state, [], now));
  const transitions = await saveOutcomes(transaction.db, outcomes);
  if (transitions) await requestDispatch(context, transaction);
  return transitions;
}

/**
 * A round whose probers never answer ends on this process's timer, a little after its wait. A
 * result arriving meanwhile ends it too, and should this process stop first, the confirmation
 * sweep (confirmation-sweep.ts) ends it from its deadline kept in the database.
 */
export function settleLater(context: ServiceContext, monitorIds: number[], logger: WarnLogger): void {
  if (!monitorIds.length) return;
  const timer = setTimeout(() => {
    settleRounds(context, monitorIds).catch((error: unknown) =>
      logger.warn({ err: error, monitorIds }, 'could not settle confirmation rounds; the next result will'),
    );
  }, CONFIRMATION_WAIT_MS + 250);
  timer.unref();
}
