import type { CheckResult, CheckSpec } from '@paydar/contracts/agent';
import type { ServiceContext } from '../../context';
import { AppError } from '../../errors';
import { hashSecret } from '../accounts/secrets';
import { type IngestOutcome, ingestResults } from '../ingest/ingest.service';
import { toCheckSpec } from '../monitors/check-spec';
import {
  findProberById,
  findProberByKeyHash,
  PROBER_TOUCH_INTERVAL_MS,
  type ProberRow,
  touchProber,
} from '../probers/probers.repository';
import type { AssignmentNotifier } from './assignment-notifier';
import { assignedEnabledMonitors } from './assignments.repository';

export interface Assignments {
  version: number;
  monitors: CheckSpec[];
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

/** Long poll: answers at once when the agent's version is stale, else when it changes or after `waitMs`. */
export async function pollAssignments(
  context: ServiceContext,
  notifier: AssignmentNotifier,
  proberId: number,
  knownVersion: number,
  waitMs: number,
  signal?: AbortSignal,
): Promise<Assignments | null> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const prober = await findProberById(context.db, proberId);
    if (prober && prober.assignmentVersion !== knownVersion) return assignmentsOf(context, prober);
    const remaining = deadline - Date.now();
    if (remaining <= 0 || signal?.aborted) return null;
    await notifier.wait(proberId, Math.min(remaining, 5_000), signal);
  }
}

export function reportResults(
  context: ServiceContext,
  prober: ProberRow,
  results: CheckResult[],
): Promise<IngestOutcome> {
  return ingestResults(context, prober.id, results);
}
