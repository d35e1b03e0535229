import type { MaintenanceWindow } from '@paydar/contracts/maintenance';
import { clipSpans, type MaintenanceSchedule, type MaintenanceSpan, spansWithin } from '@paydar/domain/maintenance';
import type { WindowRow } from './maintenance.repository';

/** Spans are written this far ahead; the daily refresh keeps the horizon moving. */
export const SPAN_HORIZON_MS = 14 * 24 * 60 * 60 * 1000;
/** Far enough to find a weekly window's next occurrence. */
const NEXT_LOOKAHEAD_MS = 8 * 24 * 60 * 60 * 1000;

/** The domain's schedule of a stored window. */
export function scheduleOf(window: WindowRow): MaintenanceSchedule {
  if (window.kind === 'once') {
    return { kind: 'once', startsAt: window.startsAt as Date, endsAt: window.endsAt as Date };
  }
  return {
    kind: 'weekly',
    daysOfWeek: window.daysOfWeek ?? [],
    startTime: window.startTime ?? '00:00',
    durationMinutes: window.durationMinutes ?? 0,
    timeZone: window.timeZone,
  };
}

/**
 * The spans to write from `now` for the next SPAN_HORIZON_MS: nothing before `now` (the past is not
 * rewritten: creating a window that began an hour ago does not make that hour maintenance, nor
 * take back alerts sent in it), nor before the end of an occurrence ended early.
 */
export function spansFrom(window: WindowRow, now: number): MaintenanceSpan[] {
  const notBefore = Math.max(now, window.skipUntil?.getTime() ?? now);
  return clipSpans(spansWithin(scheduleOf(window), now, now + SPAN_HORIZON_MS), notBefore);
}

/** The occurrence going on at `now` (its real start) or else the next one, skipping what was ended early. */
export function currentOrNextOf(window: WindowRow, now: number): MaintenanceSpan | null {
  const notBefore = Math.max(now, window.skipUntil?.getTime() ?? now);
  const horizon =
    window.kind === 'once' ? Math.max(now + 1, (window.endsAt as Date).getTime()) : now + NEXT_LOOKAHEAD_MS;
  return spansWithin(scheduleOf(window), now, horizon).find((span) => span.to > notBefore) ?? null;
}

/** Whether an occurrence covers `now` (and was not ended early). */
export function isActive(window: WindowRow, now: number): boolean {
  const span = currentOrNextOf(window, now);
  return span !== null && span.from <= now && now < span.to && (window.skipUntil?.getTime() ?? 0) <= now;
}

/** A window as the API shows it at `now`. */
export function presentWindow(window: WindowRow, now: number): MaintenanceWindow {
  const span = currentOrNextOf(window, now);
  return {
    id: window.id,
    title: window.title,
    monitors: window.monitors,
    kind: window.kind,
    time_zone: window.timeZone,
    starts_at: window.startsAt?.toISOString() ?? null,
    ends_at: window.endsAt?.toISOString() ?? null,
    days_of_week: window.daysOfWeek,
    start_time: window.startTime,
    duration_minutes: window.durationMinutes,
    active_now: isActive(window, now),
    next_start: span ? new Date(span.from).toISOString() : null,
    next_end: span ? new Date(span.to).toISOString() : null,
    created_at: window.createdAt.toISOString(),
  };
}
