import { AXIS_COLOURS } from '@/components/chart/palette';
import { formatTime } from '@/lib/date-time';
import { currentTimeSettings } from '@/lib/time-settings';

/**
 * The x axis of the charts over time (raw data, p50/p95): exactly [from, to], no grid lines, hours in
 * the reader's zone (issue 15). `minInterval` keeps labels that far apart: an hourly series just
 * after midnight spans minutes, and labels every few seconds read '00:00, 00:00, 00:01…' (issue 26).
 */
export function timeAxis(
  range: { from: number; to: number },
  options: { minInterval?: number } = {},
): Record<string, unknown> {
  return {
    type: 'time',
    min: range.from,
    max: range.to,
    ...(options.minInterval === undefined ? {} : { minInterval: options.minInterval }),
    axisLine: { lineStyle: { color: AXIS_COLOURS.line } },
    axisLabel: {
      color: AXIS_COLOURS.label,
      hideOverlap: true,
      formatter: (value: number) => formatTime(value, currentTimeSettings(), 'hour-minute'),
    },
    splitLine: { show: false },
  };
}

/** The y axis of durations, named 'ms'. */
export function msAxis(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'value',
    name: 'ms',
    nameTextStyle: { color: AXIS_COLOURS.label },
    axisLabel: { color: AXIS_COLOURS.label },
    splitLine: { lineStyle: { color: AXIS_COLOURS.split } },
    ...extra,
  };
}
