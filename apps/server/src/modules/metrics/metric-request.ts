/** A metric request checked against the plan and the calendar, and the key its answer is kept and validated under. */
import { checkHistoryDay, EARLIEST_DAY, formatDayKey, HISTORY_BLOCKED_TEXT, parseDay } from '@paydar/domain/history';
import { localDay } from '@paydar/domain/local-day';
import { DAY_MS, utcDayStart } from '@paydar/domain/time';
import type { ServiceContext } from '../../context';
import { AppError, invalidField } from '../../errors';
import type { MonitorWithRelations } from '../monitors/monitors.repository';
import type { MetricSubject } from './metric-subject.repository';
import type { MetricQuery } from './metrics.schema';

const DAY_FORMAT_TEXT = 'Enter a day as yyyy-MM-d, such as 2024-03-5.';

/** What a metric answer is computed from: the monitor and its state (its probers are not needed). */
type Subject = Pick<MonitorWithRelations, 'monitor' | 'state'>;

/**
 * 00:00 UTC of the requested day, or null for today-live; refuses, naming `day`, a malformed day, a
 * future one, one before the monitor existed, and (403, the spec's text) one past the plan's history.
 */
function chosenDay(day: string | undefined, monitor: Subject, historyDays: number, now: Date) {
  if (day === undefined || day === '') return null;
  const verdict = checkHistoryDay({ day, now, historyDays, creationTime: monitor.monitor.createdAt });
  switch (verdict) {
    case 'invalid':
      throw invalidField('day', DAY_FORMAT_TEXT);
    case 'future':
      throw invalidField('day', 'This day has not come yet.');
    case 'before-minimum': {
      const first = Math.max(EARLIEST_DAY, utcDayStart(monitor.monitor.createdAt));
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

/** One metric request, checked, with the key its answer is kept and validated under. */
export interface MetricRequest {
  subject: MetricSubject;
  historyDays: number;
  months: number;
  now: Date;
  dayStart: number | null;
  /** Today in the reader's zone (the UTC day when none was given): [start, end) in epoch ms. */
  today: { start: number; end: number };
  /** The day asked for is over: its own figures will not change. */
  pastDay: boolean;
  key: string;
}

export function metricRequest(context: ServiceContext, subject: MetricSubject, query: MetricQuery) {
  const { historyDays } = subject;
  const now = context.now();
  const dayStart = chosenDay(query.day, subject, historyDays, now);
  const pastDay = dayStart !== null && dayStart + DAY_MS <= now.getTime();
  const today = query.time_zone
    ? localDay(now, query.time_zone)
    : { start: utcDayStart(now), end: utcDayStart(now) + DAY_MS };
  const live = pastDay ? 'past' : `${today.start}-${today.end}@${Math.floor(now.getTime() / LIVE_FRESHNESS_MS)}`;
  const key = [subject.monitor.id, dayStart ?? 'today', live, query.months, historyDays, subject.version].join('|');
  return { subject, historyDays, months: query.months, now, dayStart, today, pastDay, key } satisfies MetricRequest;
}
