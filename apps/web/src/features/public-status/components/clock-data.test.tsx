// @vitest-environment node
import type { RawProbeRecord } from '@paydar/contracts/metrics';
import { describe, expect, it } from 'vitest';
import { STATUS_COLOURS } from '@/components/chart/palette';
import {
  clockOption,
  clockSegments,
  clockSlotMs,
  markDowntimes,
  observedUptime,
  slotStatuses,
  utcTime,
  withPausedSpans,
} from './clock-data';

const day = Date.UTC(2024, 2, 3);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(day + ms).toISOString();
/** The day as the clock takes it: 24 hours from `day`. */
const span = { start: day, end: day + DAY };
const record = (ms: number, success: boolean, prober = 1): RawProbeRecord => ({
  time: at(ms),
  time_inserted: at(ms),
  probe_success: success ? 1 : 0,
  probe_duration_seconds: 0.1,
  prober_id: prober,
  extra_info: {},
});

describe('clockSlotMs', () => {
  it.each([
    [5, MINUTE],
    [60, MINUTE],
    [300, 5 * MINUTE],
    [1800, 30 * MINUTE],
  ])('a %i s period has %i ms slots', (period, slot) => expect(clockSlotMs(period)).toBe(slot));
});

describe('slotStatuses', () => {
  it('is down where most checks failed, up otherwise, none without checks', () => {
    const statuses = slotStatuses(
      [
        record(0, true),
        record(5 * MINUTE, false, 1),
        record(5 * MINUTE, false, 2),
        record(5 * MINUTE, true, 3),
        record(10 * MINUTE, false, 1),
        record(10 * MINUTE, true, 2),
        record(-MINUTE, false),
        record(24 * HOUR, false),
      ],
      span,
      5 * MINUTE,
    );
    expect(statuses).toHaveLength(288);
    expect(statuses.slice(0, 4)).toEqual(['up', 'down', 'up', 'none']);
    expect(statuses.at(-1)).toBe('none');
  });
});

describe('markDowntimes', () => {
  it('turns the slots a downtime touches down, an open one to the end of the day', () => {
    const statuses = new Array(24).fill('up');
    const marked = markDowntimes(
      statuses,
      [
        {
          from_time: at(2 * HOUR + 10 * MINUTE),
          to_time: at(3 * HOUR + 30 * MINUTE),
          duration: 4800,
          ended_by: 'recovery' as const,
          reason: null,
        },
        { from_time: at(22 * HOUR), to_time: null, duration: 7200, ended_by: null, reason: null },
        {
          from_time: at(-3 * HOUR),
          to_time: at(-2 * HOUR),
          duration: 3600,
          ended_by: 'recovery' as const,
          reason: null,
        },
      ],
      span,
      HOUR,
    );
    expect(marked.map((status, hour) => (status === 'down' ? hour : -1)).filter((hour) => hour >= 0)).toEqual([
      2, 3, 22, 23,
    ]);
  });
});

describe('clockSegments and observedUptime', () => {
  it('merges equal neighbours into segments spanning the day', () => {
    const statuses = ['up', 'up', 'down', 'none'] as const;
    const slot = 6 * HOUR;
    expect(clockSegments(statuses, span, slot)).toEqual([
      { from: day, to: day + 12 * HOUR, status: 'up' },
      { from: day + 12 * HOUR, to: day + 18 * HOUR, status: 'down' },
      { from: day + 18 * HOUR, to: day + 24 * HOUR, status: 'none' },
    ]);
    expect(observedUptime(clockSegments(statuses, span, slot))).toBe(66.7);
    expect(observedUptime(clockSegments(['none'], span, DAY))).toBeNull();
  });
});

describe('withPausedSpans', () => {
  it('cuts the paused spans out at their own times, an ongoing one to now, and leaves them out of the uptime', () => {
    const segments = clockSegments(['up', 'down'], span, 12 * HOUR);
    const paused = withPausedSpans(
      segments,
      [
        { from_time: at(2 * HOUR), to_time: at(3 * HOUR + 30 * MINUTE), duration: 5400 },
        { from_time: at(20 * HOUR), to_time: null, duration: 7200 },
        { from_time: at(-5 * HOUR), to_time: at(-4 * HOUR), duration: 3600 },
      ],
      span,
      day + 22 * HOUR,
    );
    expect(paused).toEqual([
      { from: day, to: day + 2 * HOUR, status: 'up' },
      { from: day + 2 * HOUR, to: day + 3 * HOUR + 30 * MINUTE, status: 'paused' },
      { from: day + 3 * HOUR + 30 * MINUTE, to: day + 12 * HOUR, status: 'up' },
      { from: day + 12 * HOUR, to: day + 20 * HOUR, status: 'down' },
      { from: day + 20 * HOUR, to: day + 22 * HOUR, status: 'paused' },
      { from: day + 22 * HOUR, to: day + 24 * HOUR, status: 'down' },
    ]);
    // 10.5 h up of 20.5 h up or down: the 3.5 paused hours count neither way.
    expect(observedUptime(paused)).toBe(51.2);
  });
});

describe('clockOption', () => {
  it('draws a 24-hour clock with 12 two-hour marks and the segments in their colours', () => {
    const segments = clockSegments(['up', 'down'], span, 12 * HOUR);
    const option = clockOption(segments) as {
      angleAxis: {
        min: number;
        max: number;
        interval: number;
        startAngle: number;
        axisLabel: { formatter: (v: number) => string };
      };
      series: Array<{ data: Array<{ value: number; itemStyle: { color: string } }> }>;
    };
    const { min, max, interval } = option.angleAxis;
    expect((max - min) / interval).toBe(12);
    expect(option.angleAxis.startAngle).toBe(90);
    expect([0, 2, 22, 24].map(option.angleAxis.axisLabel.formatter)).toEqual(['00:00', '02:00', '22:00', '']);
    expect(option.series[0]?.data).toEqual([
      expect.objectContaining({ value: 12, itemStyle: { color: STATUS_COLOURS.up } }),
      expect.objectContaining({ value: 12, itemStyle: { color: STATUS_COLOURS.down } }),
    ]);
    expect(utcTime(day + 13 * HOUR + 5 * MINUTE)).toBe('13:05');
  });

  it("is the day's own length on a day the clocks change, its marks the times the clocks read", () => {
    // Berlin leaves summer time on 25 Oct 2026: 25 hours, from 22:00 UTC the day before.
    const start = Date.UTC(2026, 9, 24, 22);
    const autumn = { start, end: start + 25 * HOUR };
    const berlin = {
      name: 'Europe/Berlin',
      time: (ms: number) =>
        new Date(ms).toLocaleTimeString('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' }),
    };
    const segments = clockSegments(slotStatuses([], autumn, HOUR), autumn, HOUR);
    expect(segments).toEqual([{ from: start, to: start + 25 * HOUR, status: 'none' }]);
    const option = clockOption(segments, berlin, autumn) as {
      angleAxis: { max: number; axisLabel: { formatter: (v: number) => string } };
      tooltip: { formatter: (item: { dataIndex: number }) => string };
    };
    expect(option.angleAxis.max).toBe(25);
    // After the clocks went back (at 03:00 summer time) the marks read an hour less: 4 hours in is 03:00.
    expect([0, 2, 4, 24, 25].map(option.angleAxis.axisLabel.formatter)).toEqual([
      '00:00',
      '02:00',
      '03:00',
      '23:00',
      '',
    ]);
    expect(option.tooltip.formatter({ dataIndex: 0 })).toBe('00:00 – 24:00 Europe/Berlin<br/>No data');
  });
});
