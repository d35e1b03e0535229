import { cleanText } from '@paydar/contracts/edge-values';
import type { ServiceContext } from '../../context';
import { notFound } from '../../errors';
import { hashSecret } from '../accounts/secrets';
import { requestDispatch } from '../alerts/alert-dispatch.service';
import { ensurePartitions } from '../ingest/probe-records.repository';
import { fileHeartbeatEvent } from './heartbeat-records';
import { findPingTarget, lockHeartbeatState, saveHeartbeatState } from './heartbeats.repository';
import { announceDeadline } from './lateness-wakeups';

export type PingKind = 'success' | 'start' | 'fail';

/** Characters of a ping's body kept as its note; the rest is read and dropped. */
export const PING_NOTE_LENGTH = 1000;
/** Pings one URL may make per minute: a loop gone wrong costs a few rows, not a flood of records. */
export const PINGS_PER_MINUTE = 60;
/** A runtime longer than this (a `/start` never followed up for a week) is not a runtime. */
const MAX_RUNTIME_MS = 7 * 24 * 3600 * 1000;

export const PING_NOT_FOUND = 'No heartbeat has this ping URL.';
export const FAIL_REASON = 'The job reported a failure.';

/** The body's start as readable text: decoded as UTF-8 (bad bytes become U+FFFD), control characters and NULs dropped, bounded. */
export function pingNote(body: Buffer | undefined): string | null {
  if (!body?.length) return null;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(body.subarray(0, PING_NOTE_LENGTH * 4));
  const note = cleanText(text, PING_NOTE_LENGTH).trim();
  return note || null;
}

/**
 * A ping to `/ping/{token}[/start|/fail]`: the token is the only credential (its SHA-256 is looked
 * up). A paused monitor's pings are answered but change and record nothing. A success arms the
 * deadline (period + grace from now) and brings a down monitor up; `/fail` takes it down at once
 * (inside a maintenance window it is kept and judges nothing);
 * `/start` notes when the run began, so the success's runtime is its response time.
 */
export async function receivePing(
  context: ServiceContext,
  token: string,
  kind: PingKind,
  body: Buffer | undefined,
): Promise<void> {
  const target = await findPingTarget(context.db, hashSecret(token));
  if (!target) throw notFound(PING_NOT_FOUND);
  const now = context.now();
  await context.rateLimiter.consume(
    [{ key: `ping:${target.monitorId}`, limit: PINGS_PER_MINUTE, windowSeconds: 60 }],
    now,
  );
  if (!target.isEnabled) return;
  const at = now.getTime();
  const note = pingNote(body);
  if (kind !== 'start') await ensurePartitions(context.db, [now.toISOString().slice(0, 10)]);
  const deadline = await context.runInTransaction(async (transaction) => {
    const state = await lockHeartbeatState(transaction.db, target.monitorId, at);
    if (!state?.isEnabled) return null;
    if (kind === 'start') {
      await saveHeartbeatState(transaction.db, target.monitorId, {
        deadline: state.deadline,
        startedAt: at,
        lastPingAt: at,
        lastPingKind: kind,
        lastPingNote: note,
      });
      return null;
    }
    const runtime = state.startedAt !== null && at - state.startedAt <= MAX_RUNTIME_MS ? at - state.startedAt : 0;
    const event =
      kind === 'success'
        ? { kind, at }
        : { kind, at, reason: note ? `${FAIL_REASON} ${note.slice(0, 200)}` : FAIL_REASON };
    // A failure reported inside a maintenance window is kept but takes nothing down, and the
    // deadline armed before it stays: a job that stays silent after the window is still late.
    const judged = kind === 'success' || !state.inMaintenance;
    const transitions = await fileHeartbeatEvent(transaction, target, event, runtime, judged);
    const next =
      kind === 'success' ? at + (target.periodSeconds + target.graceSeconds) * 1000 : judged ? null : state.deadline;
    await saveHeartbeatState(transaction.db, target.monitorId, {
      deadline: next,
      startedAt: null,
      lastPingAt: at,
      lastPingKind: kind,
      lastPingNote: note,
    });
    if (transitions) await requestDispatch(context, transaction);
    return next;
  });
  if (deadline !== null) announceDeadline(context, deadline);
}
