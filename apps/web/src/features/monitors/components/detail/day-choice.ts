import { checkHistoryDay, formatDayParam } from '@paydar/domain/history';
import { readerDays } from '@paydar/domain/local-day';
import { utcDayStart } from '@paydar/domain/time';
import type { MetricDay } from '../../api/get-metric';

/** What picking a day does: load it, or warn that the plan's history does not reach it (spec §2, §4). */
export type DayChoice = { kind: 'load'; day: MetricDay } | { kind: 'beyond-history' } | { kind: 'out-of-range' };

export type DayChoiceContext = {
  now: number;
  creationTime: string | null;
  /**
   * The plan's METRIC_HISTORY_DAYS; null when the browser does not know it — a shared view, where
   * the server applies the owner's plan (spec §6), or a plan not loaded yet — and the server decides.
   */
  historyDays: number | null;
  /** The reader's zone: whose today, whose creation day and whose history (issue 15). */
  timeZone: string;
};

/** The day a pick of a date (named by its 00:00 UTC, or any instant of that UTC day) loads: today's is the live view. */
export function chooseDay(date: number, context: DayChoiceContext): DayChoice {
  const verdict = checkHistoryDay({
    day: formatDayParam(date),
    now: context.now,
    historyDays: context.historyDays ?? Number.POSITIVE_INFINITY,
    creationTime: context.creationTime === null ? null : Date.parse(context.creationTime),
    timeZone: context.timeZone,
  });
  if (verdict === 'beyond-history') return { kind: 'beyond-history' };
  if (verdict !== 'ok') return { kind: 'out-of-range' };
  const picked = utcDayStart(date);
  return { kind: 'load', day: picked === readerDays(context.timeZone).dateOf(context.now) ? 'today' : picked };
}
