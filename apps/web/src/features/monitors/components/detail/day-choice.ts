import { checkHistoryDay, formatDayParam } from '@paydar/domain/history';
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
};

/** The day a pick of `dayStart` (any instant of a UTC day) loads: today's is the live view. */
export function chooseDay(dayStart: number, context: DayChoiceContext): DayChoice {
  const verdict = checkHistoryDay({
    day: formatDayParam(dayStart),
    now: context.now,
    historyDays: context.historyDays ?? Number.POSITIVE_INFINITY,
    creationTime: context.creationTime === null ? null : Date.parse(context.creationTime),
  });
  if (verdict === 'beyond-history') return { kind: 'beyond-history' };
  if (verdict !== 'ok') return { kind: 'out-of-range' };
  const start = utcDayStart(dayStart);
  return { kind: 'load', day: start === utcDayStart(context.now) ? 'today' : start };
}
