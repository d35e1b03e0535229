import type { CheckSpec } from '@paydar/contracts/agent';
import { MAX_LISTED_REFUSALS, type Recheck, type ResultsResponse } from '@paydar/contracts/agent-api';
import type { ServiceContext } from '../../context';
import { AppError } from '../../errors';
import { hashSecret } from '../accounts/secrets';
import { settleLater, type WarnLogger } from '../ingest/confirmation-rounds';
import { ingestResults } from '../ingest/ingest.service';
import { toCheckSpec } from '../monitors/check-spec';
import {
  findProberById,
  findProberByKeyHash,
  PROBER_TOUCH_INTERVAL_MS,
  type ProberRow,
  touchProber,
} from '../probers/probers.repository';
import type { AssignmentNotifier } from './assignment-notifier';
import { assignedEnabledMonitors, openRoundsOf } from './assignments.repository';
import { validateResults } from './result-validation';

export interface Assignments {
  version: number;
  /** The whole set; absent when the answer is rechecks only. */
  monitors?: CheckSpec[];
  /** Open confirmation rounds, for agents that asked (`recheckAfter`). */
  rechecks?: Recheck[];
}

/** `Authorization: Prober <key>` → the prober; a disabled prober is refused. */
export async function authenticateProber(context: ServiceContext, key: string): Promise<ProberRow> {
  const prober = await findProberByKeyHash(context.db, hashSecret(key));
  if (!prober) throw new AppError('NOT_AUTHENTICATED', 'Unknown prober key.');
  if (prober.disabled) throw new AppError('FORBIDDEN', 'This prober is disabled.');
  const now = context.now();
  if (!prober.lastSeenAt || now.getTime() - prober.lastSeenAt.getTime() >= PROBER_TOUCH_INTERVAL_MS) {
    await touchProber(context.db, prober.id, now);
  }
  return prober;
}

/** The prober's whole set at the version read with it; a disabled prober runs nothing. */
async function assignmentsOf(context: ServiceContext, prober: ProberRow): Promise<Assignments> {
  if (prober.disabled) return { version: prober.assignmentVersion, monitors: [] };
  const monitors = await assignedEnabledMonitors(context.db, prober.id);
  return { version: prober.assignmentVersion, monitors: monitors.map(toCheckSpec) };
}

/** Rounds of this prober's monitors opened after `after` (epoch ms); none for a disabled prober. */
async function rechecksOf(context: ServiceContext, prober: ProberRow, after: number): Promise<Recheck[]> {
  if (prober.disabled) return [];
  const rows = await openRoundsOf(context.db, prober.id, after);
  return rows.map((row) => ({ monitor_id: row.monitorId, requested_at: row.requestedAt }));
}

/**
 * Long poll: answers at once when the agent's version is stale, else when it changes or after
 * `waitMs`. An agent that sends `recheckAfter` is also answered as soon as a confirmation round
 * newer than it opens on one of its monitors (the same wake-up: ingest announces rounds on the
 * assignments channel), with the rechecks alone.
 *
 * While it waits it reads nothing: the prober is read again only when a NOTIFY for it wakes the
 * poll (a missed one delays to the wait's end, when the agent asks again with its version).
 * Disabling a prober bumps its version and notifies, so a waiting poll answers at once with an
 * empty set and the prober's next request is refused (403). A prober deleted meanwhile (no
 * command does it; only by hand in the database) announces nothing: its poll ends at its wait
 * with no change and its next request is refused (401).
 */
export async function pollAssignments(
  context: ServiceContext,
  notifier: AssignmentNotifier,
  proberId: number,
  knownVersion: number,
  waitMs: number,
  signal?: AbortSignal,
  recheckAfter?: number,
): Promise<Assignments | null> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const prober = await findProberById(context.db, proberId);
    if (prober && prober.assignmentVersion !== knownVersion) {
      const assignments = await assignmentsOf(context, prober);
      if (recheckAfter === undefined) return assignments;
      return { ...assignments, rechecks: await rechecksOf(context, prober, recheckAfter) };
    }
    if (prober && recheckAfter !== undefined) {
      const rechecks = await rechecksOf(context, prober, recheckAfter);
      if (rechecks.length) return { version: prober.assignmentVersion, rechecks };
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0 || signal?.aborted) return null;
    if (!(await notifier.wait(proberId, remaining, signal))) return null;
  }
}

/**
 * Stores what a prober reports. Each result is validated on its own and the bad ones are refused
 * and counted, so one poisoned result never costs the prober's other results (nor its retries).
 */
export async function reportResults(
  context: ServiceContext,
  prober: Pick<ProberRow, 'id'>,
  items: readonly unknown[],
  logger: WarnLogger,
): Promise<ResultsResponse> {
  const { valid, refusals } = validateResults(items);
  const outcome = await ingestResults(
    context,
    prober.id,
    valid.map((entry) => entry.result),
  );
  settleLater(context, outcome.roundsOpened, logger);
  if (outcome.proberFailures) {
    logger.warn(
      { proberId: prober.id, proberFailures: outcome.proberFailures },
      "checks failed through the prober's own fault",
    );
  }
  // The database's refusals name positions among the valid results: back to the batch's.
  const refusedByDatabase = outcome.refusals.map((refusal) => ({
    ...refusal,
    index: valid[refusal.index]?.index ?? refusal.index,
  }));
  const all = [...refusals, ...refusedByDatabase].sort((a, b) => a.index - b.index);
  return {
    accepted: outcome.accepted,
    duplicates: outcome.duplicates,
    rejected: outcome.rejected,
    refused: all.length,
    refusals: all.slice(0, MAX_LISTED_REFUSALS),
  };
}
