// @vitest-environment jsdom
import type { RawProbeRecord } from '@paydar/contracts/metrics';
import { describe, expect, it } from 'vitest';
import { QUALITY_COLOURS } from '@/components/chart/palette';
import { rawWindows } from '../../api/get-raw-metrics';
import { bucketBars, rawChartRange, rawSeries, responseTimeOption, sharePercent } from './response-time-data';

describe('bucketBars', () => {
  it.each([
    { apdex: 0.5, qualities: 'GGGTTFFF' },
    { apdex: 0.125, qualities: 'GTTFFFFF' },
    { apdex: 2, qualities: 'GGGGGTTF' },
    { apdex: 1, qualities: 'GGGGTTFF' },
  ])('colours the 8 buckets for T = $apdex s as $qualities', ({ apdex, qualities }) => {
    const bars = bucketBars([1, 2, 3, 4, 5, 6, 7, 8], apdex);
    const code = { good: 'G', tolerated: 'T', frustrated: 'F' } as const;
    expect(bars.map((bar) => code[bar.quality]).join('')).toBe(qualities);
    expect(bars.map((bar) => bar.label)).toEqual(['125ms', '250ms', '500ms', '1s', '2s', '4s', '8s', '>8s']);
    expect(bars.map((bar) => bar.count)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('gives the bars their quality colour', () => {
    const option = responseTimeOption(bucketBars([5, 0, 0, 0, 0, 1, 0, 0], 0.5)) as {
      series: Array<{ data: Array<{ itemStyle: { color: string } }> }>;
    };
    const colours = option.series[0]?.data.map((bar) => bar.itemStyle.color);
    expect(colours?.[0]).toBe(QUALITY_COLOURS.good);
    expect(colours?.[3]).toBe(QUALITY_COLOURS.tolerated);
    expect(colours?.[5]).toBe(QUALITY_COLOURS.frustrated);
  });
});

describe('sharePercent', () => {
  it.each([
    [1, 3, 33.3],
    [2, 3, 66.7],
    [0, 0, 0],
    [5, 5, 100],
  ])('%i of %i is %f%%', (count, total, percent) => expect(sharePercent(count, total)).toBe(percent));
});

describe('rawChartRange', () => {
  it('covers the 24 hours up to and including the last check, in exactly four 6-hour calls', () => {
    const range = rawChartRange('2024-03-05T10:00:05.000Z');
    expect(range).toEqual({ from: Date.parse('2024-03-04T10:00:05.001Z'), to: Date.parse('2024-03-05T10:00:05.001Z') });
    const windows = rawWindows(range?.from ?? 0, range?.to ?? 0);
    expect(windows).toHaveLength(4);
    expect(windows.every(([from, to]) => to - from === 6 * 3_600_000)).toBe(true);
  });

  it('has nothing to show before the first check', () => {
    expect(rawChartRange(null)).toBeNull();
    expect(rawChartRange('not a time')).toBeNull();
  });
});

const record = (time: string, prober: number, seconds: number, success = true): RawProbeRecord => ({
  time,
  time_inserted: time,
  probe_success: success ? 1 : 0,
  probe_duration_seconds: seconds,
  prober_id: prober,
  extra_info: {},
});

describe('rawSeries', () => {
  it('splits successful durations per prober in ms, ordered by prober and time, failures apart', () => {
    const series = rawSeries(
      [
        record('2024-03-05T10:00:10Z', 2, 0.2),
        record('2024-03-05T10:00:00Z', 2, 0.123456),
        record('2024-03-05T10:00:00Z', 1, 0.05),
        record('2024-03-05T10:00:05Z', 1, 30, false),
      ],
      new Map([[1, 'Tehran']]),
    );
    expect(series.probers).toEqual([
      { id: 1, name: 'Tehran', points: [[Date.parse('2024-03-05T10:00:00Z'), 50]] },
      {
        id: 2,
        name: 'Prober 2',
        points: [
          [Date.parse('2024-03-05T10:00:00Z'), 123.456],
          [Date.parse('2024-03-05T10:00:10Z'), 200],
        ],
      },
    ]);
    expect(series.failures).toEqual([[Date.parse('2024-03-05T10:00:05Z'), 30_000, 'Tehran']]);
  });

  it('keeps a prober whose checks all failed as an empty line', () => {
    const series = rawSeries([record('2024-03-05T10:00:00Z', 3, 1, false)], new Map());
    expect(series.probers).toEqual([{ id: 3, name: 'Prober 3', points: [] }]);
    expect(series.failures).toHaveLength(1);
  });
});
