import type { PercentileSeries } from '@paydar/contracts/metric-trends';
import { HOUR_MS } from '@paydar/domain/time';
import { AXIS_COLOURS, seriesColour } from '@/components/chart/palette';
import { type ChartSpans, spanSeries } from './chart-spans';
import { proberLabel } from './prober-timings-data';
import { msAxis, timeAxis } from './time-axes';

/** The server's estimate above 8 s is this lower bound (metric-trends: the open bucket). */
export const OPEN_BUCKET_MS = 8000;

/** The hourly points of one prober's percentile: [hour start, ms]; an hour without checks is a gap (null). */
export function percentilePoints(
  series: PercentileSeries,
  values: readonly (number | null)[],
): Array<[number, number | null]> {
  const from = Date.parse(series.from);
  return values.map((value, index) => [from + index * HOUR_MS, value]);
}

/**
 * The range the chart spans, [from, to) in epoch ms, cut at `now`: today's series ends with the hour
 * now is in, and the axis must not run on to its end (issue 15: no label in the future).
 */
export function seriesRange(series: PercentileSeries, now = Number.POSITIVE_INFINITY): { from: number; to: number } {
  const from = Date.parse(series.from);
  return { from, to: Math.max(from, Math.min(from + series.hours * HOUR_MS, now)) };
}

/** '123.4 ms', or '≥ 8,000 ms' for the open bucket's lower bound. */
export function percentileText(ms: number): string {
  const text = `${ms.toLocaleString('en-US', { maximumFractionDigits: 1 })} ms`;
  return ms >= OPEN_BUCKET_MS ? `≥ ${text}` : text;
}

/**
 * p50 (solid) and p95 (dashed) per prober over time, one colour per prober as on the other prober
 * charts; paused and maintenance spans shaded and named in the legend. Times are the reader's;
 * the axis ends at `now` (the answer's fetch time) when that comes first.
 */
export function percentileOption(
  series: PercentileSeries,
  spans: ChartSpans,
  options: { now?: number } = {},
): Record<string, unknown> {
  const range = seriesRange(series, options.now);
  const lines = series.probers.flatMap((prober, index) => {
    const colour = seriesColour(index);
    const name = proberLabel(prober);
    return [
      { key: 'p50', values: prober.p50, dashed: false },
      { key: 'p95', values: prober.p95, dashed: true },
    ].map((line) => ({
      type: 'line',
      name: `${name} ${line.key}`,
      // Symbols keep an hour between two empty ones visible (a line needs two neighbours).
      showSymbol: true,
      symbolSize: 3,
      connectNulls: false,
      itemStyle: { color: colour },
      lineStyle: { color: colour, width: line.dashed ? 1.5 : 2, type: line.dashed ? 'dashed' : 'solid' },
      data: percentilePoints(series, line.values),
    }));
  });
  return {
    animation: false,
    legend: { top: 0, type: 'scroll', textStyle: { color: AXIS_COLOURS.label } },
    grid: { left: 8, right: 12, top: 52, bottom: 24, containLabel: true },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: number | null | undefined) => (typeof value === 'number' ? percentileText(value) : '—'),
    },
    // One point an hour: labels no closer than that, however little of today has passed.
    xAxis: timeAxis(range, { minInterval: HOUR_MS }),
    yAxis: msAxis({ min: 0 }),
    series: [...lines, ...spanSeries(spans, range)],
  };
}
