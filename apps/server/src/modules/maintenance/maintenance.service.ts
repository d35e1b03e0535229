import {
  MAINTENANCE_WINDOWS_PER_USER,
  type MaintenanceWindow,
  type MaintenanceWindowInput,
  type MaintenanceWindowList,
} from '@paydar/contracts/maintenance';
import type { Caller, ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { refuseDemo } from '../../demo-guard';
import { AppError, invalidField, notFound } from '../../errors';
import { lockUserForLimits } from '../plans/plans.repository';
import { announceScheduledMaintenance } from '../status-page-subscribers/maintenance-notices';
import {
  countWindows,
  deleteWindow,
  endWindow,
  findWindow,
  insertWindow,
  listWindows,
  ownedMonitorIds,
  replaceSpansFrom,
  retireSpans,
  setWindowMonitors,
  updateWindow,
  type WindowFields,
  type WindowRow,
} from './maintenance.repository';
import { scheduleBoundaries } from './maintenance-boundaries';
import { currentOrNextOf, isActive, presentWindow, spansFrom } from './maintenance-schedule';
import { enterMaintenanceNow, touchStates } from './maintenance-spans.repository';

/**
 * Maintenance windows through the API (issue 14). Every write runs in one transaction with the
 * window's spans rewritten from now on, so ingest and dispatch never see a window without its spans.
 */

export const MAINTENANCE_PATH = '/api/v1/maintenance_windows';

export async function listMaintenanceWindows(context: ServiceContext, caller: Caller): Promise<MaintenanceWindowList> {
  const now = context.now().getTime();
  const windows = await listWindows(context.db, caller.userId);
  return { count: windows.length, next: null, previous: null, results: windows.map((w) => presentWindow(w, now)) };
}

export async function getMaintenanceWindow(
  context: ServiceContext,
  caller: Caller,
  id: number,
): Promise<MaintenanceWindow> {
  const window = await findWindow(context.db, caller.userId, id);
  if (!window) throw notFound();
  return presentWindow(window, context.now().getTime());
}

/** The body as stored fields; a one-off window must end in the future and every monitor be the caller's. */
async function fieldsOf(
  db: Database,
  caller: Caller,
  input: MaintenanceWindowInput,
  now: number,
): Promise<WindowFields> {
  const monitors = [...new Set(input.monitors)];
  const owned = await ownedMonitorIds(db, caller.userId, monitors);
  const stranger = monitors.find((id) => !owned.has(id));
  if (stranger !== undefined) throw invalidField('monitors', `Monitor ${stranger} does not exist.`);
  if (input.kind === 'once') {
    const endsAt = new Date(input.ends_at as string);
    if (endsAt.getTime() <= now) throw invalidField('ends_at', 'Must be in the future.');
    return {
      title: input.title,
      kind: 'once',
      timeZone: input.time_zone,
      startsAt: new Date(input.starts_at as string),
      endsAt,
      daysOfWeek: null,
      startTime: null,
      durationMinutes: null,
    };
  }
  return {
    title: input.title,
    kind: 'weekly',
    timeZone: input.time_zone,
    startsAt: null,
    endsAt: null,
    daysOfWeek: [...new Set(input.days_of_week ?? [])].sort((a, b) => a - b),
    startTime: input.start_time as string,
    durationMinutes: input.duration_minutes as number,
  };
}

/**
 * Writes the window's spans from `now` and, when an occurrence is going on, puts its monitors into
 * maintenance at once: a downtime open now ends now (not at the occurrence's start: the past is not
 * rewritten — where the occurrence was already in force, ingest ended it at the start) with
 * nothing alerted.
 */
export async function refreshWindowSpans(
  db: Database,
  window: WindowRow,
  now: number,
  previousMonitors: readonly number[] = [],
): Promise<void> {
  await touchStates(db, [...window.monitors, ...previousMonitors]);
  await replaceSpansFrom(db, window.id, window.monitors, spansFrom(window, now), now);
  if (!isActive(window, now)) return;
  await enterMaintenanceNow(db, new Map(window.monitors.map((id) => [id, now])));
}

async function reload(db: Database, caller: Caller, id: number): Promise<WindowRow> {
  const window = await findWindow(db, caller.userId, id);
  if (!window) throw notFound();
  return window;
}

export async function createMaintenanceWindow(
  context: ServiceContext,
  caller: Caller,
  input: MaintenanceWindowInput,
): Promise<MaintenanceWindow> {
  refuseDemo(caller);
  const now = context.now().getTime();
  const window = await context.runInTransaction(async (transaction) => {
    // The limits lock: two creates at once count one after the other, so the cap holds.
    await lockUserForLimits(transaction.db, caller.userId);
    if ((await countWindows(transaction.db, caller.userId)) >= MAINTENANCE_WINDOWS_PER_USER)
      throw new AppError('PLAN_LIMIT', `You can keep at most ${MAINTENANCE_WINDOWS_PER_USER} maintenance windows.`);
    const fields = await fieldsOf(transaction.db, caller, input, now);
    const id = await insertWindow(transaction.db, caller.userId, fields);
    await setWindowMonitors(transaction.db, id, [...new Set(input.monitors)]);
    const created = await reload(transaction.db, caller, id);
    await refreshWindowSpans(transaction.db, created, now);
    await scheduleBoundaries(context, { windowId: id, transaction });
    await announceScheduledMaintenance(transaction, created, now);
    return created;
  });
  return presentWindow(window, now);
}

/**
 * Changes the caller's window (locked for the transaction) with `change`, then reads it again and
 * rewrites its spans from now, for the monitors it has and had. 404 when it is not the caller's.
 */
async function changeWindow(
  context: ServiceContext,
  caller: Caller,
  id: number,
  change: (db: Database, found: WindowRow, now: number) => Promise<void>,
): Promise<MaintenanceWindow> {
  refuseDemo(caller);
  const now = context.now().getTime();
  const window = await context.runInTransaction(async (transaction) => {
    const found = await findWindow(transaction.db, caller.userId, id, true);
    if (!found) throw notFound();
    await change(transaction.db, found, now);
    const changed = await reload(transaction.db, caller, id);
    await refreshWindowSpans(transaction.db, changed, now, found.monitors);
    await scheduleBoundaries(context, { windowId: id, transaction });
    // Pages the window newly covers hear of it; those told before are not told again.
    await announceScheduledMaintenance(transaction, changed, now);
    return changed;
  });
  return presentWindow(window, now);
}

export function editMaintenanceWindow(
  context: ServiceContext,
  caller: Caller,
  id: number,
  input: MaintenanceWindowInput,
): Promise<MaintenanceWindow> {
  return changeWindow(context, caller, id, async (db, _found, now) => {
    const fields = await fieldsOf(db, caller, input, now);
    await updateWindow(db, caller.userId, id, fields);
    await setWindowMonitors(db, id, [...new Set(input.monitors)]);
  });
}

/**
 * Ends the ongoing occurrence now. A one-off window's end moves to now; a weekly window skips the
 * rest of this occurrence and keeps its future ones (delete it to drop them). 409 when nothing is
 * going on.
 */
export function endMaintenanceWindow(context: ServiceContext, caller: Caller, id: number): Promise<MaintenanceWindow> {
  return changeWindow(context, caller, id, async (db, found, now) => {
    if (!isActive(found, now)) throw new AppError('CONFLICT', 'This maintenance window is not going on.');
    const span = currentOrNextOf(found, now);
    await endWindow(
      db,
      caller.userId,
      id,
      found.kind === 'once'
        ? { endsAt: new Date(Math.max(now, found.startsAt?.getTime() ?? now)), skipUntil: null }
        : { endsAt: null, skipUntil: new Date(span?.to ?? now) },
    );
  });
}

/** Deletes a window: an ongoing occurrence ends now, the ones to come are dropped, the past stays maintenance. */
export async function removeMaintenanceWindow(context: ServiceContext, caller: Caller, id: number): Promise<void> {
  refuseDemo(caller);
  const now = context.now().getTime();
  await context.runInTransaction(async (transaction) => {
    const found = await findWindow(transaction.db, caller.userId, id, true);
    if (!found) throw notFound();
    await touchStates(transaction.db, found.monitors);
    await retireSpans(transaction.db, id, now);
    await deleteWindow(transaction.db, caller.userId, id);
  });
}
