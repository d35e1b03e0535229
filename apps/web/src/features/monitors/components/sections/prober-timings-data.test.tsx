// @vitest-environment node
import type { Metric } from '@paydar/contracts/metrics';
import { describe, expect, it } from 'vitest';
import {
  failuresLabel,
  phaseTimingsOption,
  phaseValues,
  proberLabel,
  proberTimingsOption,
  timingLabel,
  timingsAxisMax,
} from './prober-timings-data';

type ProberMetric = Metric['probers'][number];
const prober = (overrides: Partial<ProberMetric> = {}): ProberMetric => ({
  id: 1,
  name: 'Tehran',
  country_code: 'ir',
  resolve: 2,
  connect: 10,
  tls: 20,
  response: 30,
  duration: 62,
  failed: 0,
  ...overrides,
});

describe('timingsAxisMax', () => {
  it.each([
    { durations: [100, 200], max: 230 },
    { durations: [62], max: 72 },
    { durations: [10.5, null], max: 13 },
    { durations: [null, null], max: null },
    { durations: [], max: null },
  ])('is 1.15 × the largest of $durations, rounded up: $max', ({ durations, max }) => {
    expect(timingsAxisMax(durations.map((duration, id) => prober({ id, duration })))).toBe(max);
  });

  it('sets the chart axis to it', () => {
    const option = proberTimingsOption([prober({ duration: 100 }), prober({ id: 2, duration: 400 })]) as {
      xAxis: { max?: number };
    };
    expect(option.xAxis.max).toBe(460);
  });
});

describe('labels', () => {
  it('names a prober with its country', () => {
    expect(proberLabel(prober())).toBe('Tehran (IR)');
    expect(proberLabel(prober({ country_code: '' }))).toBe('Tehran');
  });

  it('gives the average and the failures', () => {
    expect(timingLabel(prober({ duration: 1234.56 }))).toBe('1,234.6 ms');
    expect(timingLabel(prober({ duration: null }))).toBe('no successful check');
    expect(failuresLabel(prober({ failed: 1200 }))).toBe('1,200 failed');
    expect(failuresLabel(prober({ failed: 0 }))).toBe('');
  });

  it('shows failures under the prober name on the axis', () => {
    const option = proberTimingsOption([
      prober({ failed: 3 }),
      prober({ id: 2, name: 'Amsterdam', country_code: 'NL' }),
    ]) as {
      yAxis: { data: string[] };
    };
    expect(option.yAxis.data).toEqual(['{name|Tehran (IR)}\n{failed|3 failed}', '{name|Amsterdam (NL)}']);
  });
});

describe('phase timings', () => {
  it('stacks resolve, connect, TLS and response per prober, a missing phase as 0', () => {
    const probers = [prober(), prober({ id: 2, resolve: null, tls: null, response: 5 })];
    expect(phaseValues(probers)).toEqual({ resolve: [2, 0], connect: [10, 10], tls: [20, 0], response: [30, 5] });
    const option = phaseTimingsOption(probers) as { series: Array<{ name: string; stack: string }> };
    expect(option.series.map((series) => series.name)).toEqual(['Resolve', 'Connect', 'TLS', 'Response']);
    expect(new Set(option.series.map((series) => series.stack)).size).toBe(1);
  });
});
