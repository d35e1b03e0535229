import type { RawProbeRecord } from '@paydar/contracts/metrics';
import { BUCKET_LABELS, type BucketQuality, bucketQuality } from '@paydar/domain/buckets';
import { DAY_MS } from '@paydar/domain/time';
import { AXIS_COLOURS, FAILURE_COLOUR, QUALITY_COLOURS, seriesColour } from '@/components/chart/palette';
import { formatTime } from '@/lib/date-time';
import { currentTimeSettings } from '@/lib/time-settings';
import { msAxis, timeAxis } from './time-axes';

export interface BucketBar {
  label: string;
  count: number;
  quality: BucketQuality;
}

/** The 8 buckets with their quality under the monitor's apdex threshold (seconds). */
export function bucketBars(buckets: readonly number[], apdexSeconds: number): BucketBar[] {
  return BUCKET_LABELS.map((label, index) => ({
    label,
    count: buckets[index] ?? 0,
    quality: bucketQuality(index, apdexSeconds),
  }));
}

/** A count's share of a total as a percent with one decimal; 0 of nothing is 0. */
export function sharePercent(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 1000) / 10 : 0;
}

/** Bars of the response-time histogram, each coloured by its quality; the tooltip gives the share. */
export function responseTimeOption(bars: readonly BucketBar[]): Record<string, unknown> {
  const total = bars.reduce((sum, bar) => sum + bar.count, 0);
  return {
    animation: false,
    grid: { left: 8, right: 8, top: 20, bottom: 24, containLabel: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: Array<{ dataIndex: number }>) => {
        const bar = bars[params[0]?.dataIndex ?? 0];
        if (!bar) return '';
        return `≤ ${bar.label}: ${bar.count.toLocaleString('en-US')} checks (${sharePercent(bar.count, total)}%)<br/>${bar.quality}`;
      },
    },
    xAxis: {
      type: 'category',
      data: bars.map((bar) => bar.label),
      axisTick: { show: false },
      axisLine: { lineStyle: { color: AXIS_COLOURS.line } },
      axisLabel: { color: AXIS_COLOURS.label, interval: 0, fontSize: 10 },
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { color: AXIS_COLOURS.label },
      splitLine: { lineStyle: { color: AXIS_COLOURS.split } },
    },
    series: [
      {
        type: 'bar',
        barCategoryGap: '20%',
        label: {
          show: true,
          position: 'top',
          color: AXIS_COLOURS.label,
          fontSize: 10,
          formatter: (item: { dataIndex: number }) => {
            const count = bars[item.dataIndex]?.count ?? 0;
            if (!count) return '';
            const share = sharePercent(count, total);
            return share ? `${share}%` : '<0.1%';
          },
        },
        data: bars.map((bar) => ({
          value: bar.count,
          itemStyle: { color: QUALITY_COLOURS[bar.quality], borderRadius: [3, 3, 0, 0] },
        })),
      },
    ],
  };
}

/**
 * The raw chart's range: the 24 hours up to and including the last check, as the half-open
 * [from, to) the raw calls take (four 6-hour windows); null before any check.
 */
export function rawChartRange(lastCheckAt: string | null): { from: number; to: number } | null {
  if (!lastCheckAt) return null;
  const lastCheck = Date.parse(lastCheckAt);
  if (Number.isNaN(lastCheck)) return null;
  const to = lastCheck + 1;
  return { from: to - DAY_MS, to };
}

export interface RawSeries {
  /** One line per prober: [time ms, duration ms] of its successful checks, oldest first. */
  probers: Array<{ id: number; name: string; points: Array<[number, number]> }>;
  /** Failed checks of every prober: [time ms, duration ms, prober name]. */
  failures: Array<[number, number, string]>;
}

/** Raw records as chart series: durations in ms per prober (ordered by prober id), failures apart. */
export function rawSeries(records: readonly RawProbeRecord[], proberNames: ReadonlyMap<number, string>): RawSeries {
  const byProber = new Map<number, Array<[number, number]>>();
  const failures: Array<[number, number, string]> = [];
  const nameOf = (id: number) => proberNames.get(id) ?? `Prober ${id}`;
  for (const record of records) {
    const point: [number, number] = [
      Date.parse(record.time),
      Math.round(record.probe_duration_seconds * 1_000_000) / 1000,
    ];
    if (!byProber.has(record.prober_id)) byProber.set(record.prober_id, []);
    if (record.probe_success === 1) byProber.get(record.prober_id)?.push(point);
    else failures.push([point[0], point[1], nameOf(record.prober_id)]);
  }
  const probers = [...byProber.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id, points]) => ({ id, name: nameOf(id), points: points.sort((a, b) => a[0] - b[0]) }));
  failures.sort((a, b) => a[0] - b[0]);
  return { probers, failures };
}

export const FAILURES_SERIES_NAME = 'Failed';

/** Probe duration over time per prober (scatter), failures as red marks; zoomable along time. */
export function rawChartOption(series: RawSeries, range: { from: number; to: number }): Record<string, unknown> {
  return {
    animation: false,
    color: series.probers.map((_, index) => seriesColour(index)),
    legend: { top: 0, type: 'scroll', textStyle: { color: AXIS_COLOURS.label } },
    grid: { left: 8, right: 12, top: 52, bottom: 24, containLabel: true },
    tooltip: {
      trigger: 'item',
      formatter: (item: { seriesName: string; value: [number, number, string?] }) => {
        const [time, duration, prober] = item.value;
        const when = formatTime(time, currentTimeSettings(), 'time');
        return `${prober ?? item.seriesName} · ${when}<br/>${duration} ms${prober ? ' · failed' : ''}`;
      },
    },
    dataZoom: [{ type: 'inside', xAxisIndex: 0, filterMode: 'none' }],
    xAxis: timeAxis(range),
    yAxis: msAxis(),
    series: [
      ...series.probers.map((prober) => ({
        type: 'scatter',
        name: prober.name,
        symbolSize: 3,
        large: true,
        largeThreshold: 2_000,
        data: prober.points,
      })),
      {
        type: 'scatter',
        name: FAILURES_SERIES_NAME,
        symbol: 'triangle',
        symbolSize: 7,
        itemStyle: { color: FAILURE_COLOUR },
        z: 3,
        data: series.failures,
      },
    ],
  };
}
