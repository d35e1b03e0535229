import type { Phases } from '@paydar/contracts/agent';
import { describe, expect, it } from 'vitest';
import {
  addResult,
  emptyRollup,
  hourlyApdexPercents,
  mergeRollups,
  phaseAverages,
  proberSummaries,
  type Rollup,
  type RollupResult,
  responseTimeSummary,
  rollupResults,
} from './rollup';

const phases = (duration: number, overrides: Partial<Phases> = {}): Phases => ({
  resolve: 2,
  connect: 4,
  tls: 10,
  response: duration - 16,
  duration,
  ...overrides,
});
const ok = (duration: number, overrides: Partial<Phases> = {}): RollupResult => ({
  success: true,
  phases: phases(duration, overrides),
});
const failed = (duration: number): RollupResult => ({
  success: false,
  phases: { resolve: 2, connect: null, tls: null, response: null, duration },
});

// A scripted latency mix with T = 0.5 s, worked out by hand:
//   100, 300 → satisfied; 500, 2000 → tolerating; 2500 → frustrated; a 30 s timeout → frustrated (failure).
//   buckets of the five successes: ≤125: 1, ≤500: 2 (300, 500), ≤2000: 1, ≤4000: 1.
//   apdex (2 + 2/2) / 6 = 50 %; average response time (100+300+500+2000+2500)/5 = 1080 ms.
const mix = [ok(100), ok(300), ok(500), ok(2000), ok(2500), failed(30_000)];

describe('rollupResults', () => {
  it('rolls up the scripted mix as calculated by hand', () => {
    expect(rollupResults(mix, 0.5)).toEqual({
      count: 6,
      failures: 1,
      satisfied: 2,
      tolerating: 2,
      frustrated: 2,
      buckets: [1, 0, 2, 0, 1, 1, 0, 0],
      sums: { resolve: 10, connect: 20, tls: 50, response: 5320, duration: 5400 },
      counts: { resolve: 5, connect: 5, tls: 5, response: 5 },
    } satisfies Rollup);
  });

  it('counts nullable phases only where present', () => {
    const rollup = rollupResults([ok(50, { tls: null, resolve: null }), ok(70)], 0.5);
    expect(rollup.counts).toEqual({ resolve: 1, connect: 2, tls: 1, response: 2 });
    expect(phaseAverages(rollup)).toEqual({ resolve: 2, connect: 4, tls: 10, response: 44, duration: 60 });
  });

  it('is empty for no results', () => {
    expect(rollupResults([], 1)).toEqual(emptyRollup());
  });
});

describe('addResult', () => {
  it('adds one result without changing the rollup it was given', () => {
    const before = rollupResults([ok(100)], 0.5);
    const after = addResult(before, failed(10), 0.5);
    expect(before.count).toBe(1);
    expect(after).toMatchObject({ count: 2, failures: 1, satisfied: 1, frustrated: 1 });
  });

  it('equals rolling up the batch', () => {
    const oneByOne = mix.reduce((rollup, result) => addResult(rollup, result, 0.5), emptyRollup());
    expect(oneByOne).toEqual(rollupResults(mix, 0.5));
  });
});

describe('mergeRollups', () => {
  it.each([
    ['nothing', [], []],
    ['one part', [mix], mix],
    ['split in two', [mix.slice(0, 2), mix.slice(2)], mix],
    ['split in three', [mix.slice(0, 1), mix.slice(1, 4), mix.slice(4)], mix],
  ])('%s sums to the whole', (_name, parts, whole) => {
    expect(mergeRollups(parts.map((part) => rollupResults(part, 0.5)))).toEqual(rollupResults(whole, 0.5));
  });
});

describe('phaseAverages', () => {
  it.each([
    ['no results', [], { resolve: null, connect: null, tls: null, response: null, duration: null }],
    ['only failures', [failed(30_000)], { resolve: null, connect: null, tls: null, response: null, duration: null }],
    ['the scripted mix', mix, { resolve: 2, connect: 4, tls: 10, response: 1064, duration: 1080 }],
    ['thirds', [ok(100), ok(100), ok(101)], { resolve: 2, connect: 4, tls: 10, response: 84.3, duration: 100.3 }],
  ])('%s', (_name, results, averages) => {
    expect(phaseAverages(rollupResults(results, 0.5))).toEqual(averages);
  });
});

describe('responseTimeSummary', () => {
  it.each([
    ['the scripted mix', mix, { buckets: [1, 0, 2, 0, 1, 1, 0, 0], error: 1, average_response_time: 1080 }],
    ['no results', [], { buckets: [0, 0, 0, 0, 0, 0, 0, 0], error: 0, average_response_time: null }],
  ])('%s', (_name, results, summary) => {
    expect(responseTimeSummary(rollupResults(results, 0.5))).toEqual(summary);
  });
});

describe('proberSummaries', () => {
  it('merges each prober’s hours and keeps probers apart', () => {
    const rows = [
      { proberId: 'tehran', rollup: rollupResults([ok(100), ok(200)], 0.5) },
      { proberId: 'frankfurt', rollup: rollupResults([failed(30_000), ok(400)], 0.5) },
      { proberId: 'tehran', rollup: rollupResults([ok(300), failed(10_000)], 0.5) },
    ];
    expect(Object.fromEntries(proberSummaries(rows))).toEqual({
      tehran: { resolve: 2, connect: 4, tls: 10, response: 184, duration: 200, failed: 1, count: 4 },
      frankfurt: { resolve: 2, connect: 4, tls: 10, response: 384, duration: 400, failed: 1, count: 2 },
    });
  });
});

describe('hourlyApdexPercents', () => {
  const from = Date.parse('2024-03-05T00:00:00Z');
  const hour = (h: number) => from + h * 3_600_000;
  it.each([
    ['no rollups', [], Array(24).fill(null)],
    [
      'hours merged across probers, gaps null, outside ignored',
      [
        { hour: hour(0), rollup: rollupResults([ok(100)], 0.5) },
        { hour: new Date(hour(0)), rollup: rollupResults([failed(1)], 0.5) },
        { hour: hour(23), rollup: rollupResults([ok(600)], 0.5) },
        { hour: hour(24), rollup: rollupResults([ok(100)], 0.5) },
        { hour: hour(-1), rollup: rollupResults([ok(100)], 0.5) },
      ],
      [50, ...Array(22).fill(null), 50],
    ],
  ])('%s', (_name, rows, percents) => {
    expect(hourlyApdexPercents(rows, from)).toEqual(percents);
  });

  it("counts hours from a local hour start, not the UTC hour it is in (Tehran's 00:00 is 20:30 UTC)", () => {
    const tehranMidnight = Date.parse('2026-12-01T20:30:00Z');
    const quarter = (q: number) => tehranMidnight + q * 900_000;
    const rows = [
      { hour: quarter(0), rollup: rollupResults([ok(100)], 0.5) },
      { hour: quarter(3), rollup: rollupResults([failed(1)], 0.5) },
      { hour: quarter(4), rollup: rollupResults([ok(100)], 0.5) },
    ];
    expect(hourlyApdexPercents(rows, tehranMidnight, 2)).toEqual([50, 100]);
  });

  it('takes a number of hours', () => {
    expect(hourlyApdexPercents([{ hour: hour(1), rollup: rollupResults([ok(1)], 1) }], from, 2)).toEqual([null, 100]);
  });
});
