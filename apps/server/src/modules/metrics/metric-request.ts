/** A metric request checked against the plan and the calendar, and the key its answer is kept and validated under. */
import {
  checkHistoryDay,
  formatDayKey,
  HISTORY_BLOCKED_TEXT,
  minimumCalendarDay,
  parseDay,
} from '@paydar/domain/history';
import { type DaySpan, type ReaderDays, readerDays } from '@paydar/domain/local-day';
import type { ServiceContext } from '../../context';
import { AppError, invalidField } from '../../errors';
import type { MonitorWithRelations } from '../monitors/monitors.repository';
import type { MetricSubject } from './metric-subject.repository';
import { readerToday } from './metric-windows';
import type { MetricQuery } from './metrics.schema';

const DAY_FORMAT_TEXT = 'Enter a day as yyyy-MM-d, such as 2024-03-5.';

/** What a metric answer is computed from: the monitor and its state (its probers are not needed). */
type Subject = Pick<MonitorWithRelations, 'monitor' | 'state'>;

/**
 * The requested date (named by its 00:00 UTC), or null for today-live; refuses, naming `day`, a
 * malformed day, a future one, one before the monitor existed, and (403, the spec's text) one past
 * the plan's history — all counted in the reader's days.
 */
function chosenDate(day: string | undefined, monitor: Subject, historyDays: number, now: Date, days: ReaderDays) {
  if (day === undefined || day === '') return null;
  const creationTime = monitor.monitor.createdAt;
  const verdict = checkHistoryDay({ day, now, historyDays, creationTime, timeZone: days.timeZone });
  switch (verdict) {
    case 'invalid':
      throw invalidField('day', DAY_FORMAT_TEXT);
    case 'future':
      throw invalidField('day', 'This day has not come yet.');
    case 'before-minimum': {
      const first = minimumCalendarDay(creationTime, days.timeZone);
      throw invalidField('day', `The monitor has no data before ${formatDayKey(first)}.`);
    }
    case 'beyond-history':
      throw new AppError('PLAN_LIMIT', HISTORY_BLOCKED_TEXT, { day: [HISTORY_BLOCKED_TEXT] });
    case 'ok':
      return parseDay(day);
  }
}

/**
 * A live answer also reads the clock (an open downtime lasts until now), so it is recomputed at
 * least this often even when no check comes in; otherwise it changes only with the data's version.
 */
const LIVE_FRESHNESS_MS = 60_000;

/**
 * How long a live answer is kept when it reads the clock closely: in the minute after the first
 * check, the uptime goes from none (no whole second observed) to a figure within a second, and an
 * answer kept for the minute would go on saying "no data" for a monitor that has been checked.
 */
const YOUNG_FRESHNESS_MS = 1_000;

/** The period a live answer is recomputed in: a second while the monitor is in its first minute. */
function liveFreshnessMs(subject: MetricSubject, now: Date): number {
  const firstCheckAt = subject.state?.firstCheckAt?.getTime();
  if (firstCheckAt === undefined) return LIVE_FRESHNESS_MS;
  return now.getTime() - firstCheckAt < LIVE_FRESHNESS_MS ? YOUNG_FRESHNESS_MS : LIVE_FRESHNESS_MS;
}

/**
 * Where in its period a monitor's live answer is renewed: spread over the period by its id (the
 * same on every replica, so keys and ETags agree). On the clock's own minute, every monitor's
 * answer expired at once — a dashboard of 50 asked for 50 computations (300 statements) in the
 * same instant, and its readers waited in the pool's queue behind them.
 */
export function renewalPhaseMs(monitorId: number, freshnessMs: number): number {
  return (Math.imul(monitorId, 0x9e3779b1) >>> 0) % freshnessMs;
}

/** One metric request, checked, with the key its answer is kept and validated under. */
export interface MetricRequest {
  subject: MetricSubject;
  historyDays: number;
  months: number;
  now: Date;
  /** How the reader counts days: in the zone they asked in, UTC days when they gave none. */
  days: ReaderDays;
  /** The chosen day, [start, end) in epoch ms (23–25 h across daylight saving); null for today-live. */
  day: DaySpan | null;
  /** Today in the reader's days: [start, end) in epoch ms. */
  today: DaySpan;
  /** Where the plan's history begins: the start of the reader's day `historyDays` days ago. */
  historyStart: number;
  /** The day asked for is over: its own figures will not change. */
  pastDay: boolean;
  key: string;
}

export function metricRequest(context: ServiceContext, subject: MetricSubject, query: MetricQuery) {
  const { historyDays } = subject;
  const now = context.now();
  const days = readerDays(query.time_zone);
  const date = chosenDate(query.day, subject, historyDays, now, days);
  const day = date === null ? null : days.spanOf(date);
  const pastDay = day !== null && day.end <= now.getTime();
  const { today, historyStart } = readerToday(days, now, historyDays);
  const freshness = liveFreshnessMs(subject, now);
  const renewal = Math.floor((now.getTime() + renewalPhaseMs(subject.monitor.id, freshness)) / freshness);
  const live = pastDay ? 'past' : `${today.start}-${today.end}@${freshness}:${renewal}`;
  const shown = day === null ? 'today' : `${day.start}-${day.end}`;
  const key = [subject.monitor.id, days.timeZone, shown, live, query.months, historyDays, subject.version].join('|');
  const months = query.months;
  return { subject, historyDays, months, now, days, day, today, historyStart, pastDay, key } satisfies MetricRequest;
}
