// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { percentileOption, percentilePoints, percentileText, seriesRange } from './percentile-chart-data';

const HOUR = 3_600_000;
const from = Date.UTC(2024, 2, 5);
const series = {
  from: new Date(from).toISOString(),
  hours: 3,
  probers: [{ id: 2, name: 'Tehran', country_code: 'ir', p50: [80, null, 90], p95: [200, null, 8000] }],
};

describe('percentile chart data', () => {
  it('puts each hour at its start, a gap where the hour had no successful check', () => {
    expect(percentilePoints(series, [80, null, 90])).toEqual([
      [from, 80],
      [from + HOUR, null],
      [from + 2 * HOUR, 90],
    ]);
    expect(seriesRange(series)).toEqual({ from, to: from + 3 * HOUR });
  });

  it("ends today's axis at now, never at the end of the series' last hour or the day", () => {
    const now = from + 2 * HOUR + 20 * 60_000;
    expect(seriesRange(series, now)).toEqual({ from, to: now });
    const option = percentileOption(series, { paused: [], maintenance: [] }, { now }) as {
      xAxis: { min: number; max: number };
    };
    expect(option.xAxis.max).toBe(now);
    // A past day's series is whole.
    expect(seriesRange(series, from + 5 * HOUR).to).toBe(from + 3 * HOUR);
  });

  it('keeps the labels of the hourly series at least an hour apart, though today is minutes old (issue 26)', () => {
    const now = from + 3 * 60_000;
    const option = percentileOption({ ...series, hours: 1 }, { paused: [], maintenance: [] }, { now }) as {
      xAxis: { min: number; max: number; minInterval: number };
    };
    expect(option.xAxis).toMatchObject({ min: from, max: now, minInterval: HOUR });
  });

  it('reads the open bucket as a lower bound', () => {
    expect(percentileText(123.45)).toBe('123.5 ms');
    expect(percentileText(8000)).toBe('≥ 8,000 ms');
  });

  it('draws p50 solid and p95 dashed per prober, and shades paused time named for the legend', () => {
    const option = percentileOption(series, { paused: [{ from: from - HOUR, to: from + HOUR }], maintenance: [] }) as {
      series: Array<{ name: string; lineStyle?: { type: string }; markArea?: { data: unknown } }>;
    };
    expect(option.series.map((item) => item.name)).toEqual(['Tehran (IR) p50', 'Tehran (IR) p95', 'Paused']);
    expect(option.series[0]?.lineStyle?.type).toBe('solid');
    expect(option.series[1]?.lineStyle?.type).toBe('dashed');
    // Cut to the chart's range.
    expect(option.series[2]?.markArea?.data).toEqual([[{ xAxis: from }, { xAxis: from + HOUR }]]);
  });
});
