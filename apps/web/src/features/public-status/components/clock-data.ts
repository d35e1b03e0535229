import type { Metric, RawProbeRecord } from '@paydar/contracts/metrics';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@paydar/domain/time';
import { pausedWithin, withCut, withPauses } from '@paydar/domain/timeline';
import { AXIS_COLOURS, STATUS_COLOURS, STATUS_LABELS } from '@/components/chart/palette';

/** How a stretch of the day went: up, down, paused (neither), or no checks at all. */
export type ClockStatus = 'up' | 'down' | 'paused' | 'maintenance' | 'none';

export interface ClockSegment {
  /** Epoch ms, half-open [from, to). */
  from: number;
  to: number;
  status: ClockStatus;
}

/** The 2-hour marks of the 24-hour clock (spec §9). */
export const CLOCK_MARK_HOURS = 2;

/**
 * The clock's resolution: one check period, but no finer than a minute so a 5-second monitor's day
 * is 1,440 slots rather than 17,280. Every offered period (5 s … 30 min) divides a day evenly.
 */
export function clockSlotMs(periodSeconds: number): number {
  return Math.max(MINUTE_MS, Math.round(periodSeconds) * 1000);
}

/**
 * Each slot of the day by its raw records: down when more checks failed than succeeded (the
 * majority rule of the down/up decision), up otherwise, 'none' without any record.
 */
export function slotStatuses(records: readonly RawProbeRecord[], dayStart: number, slotMs: number): ClockStatus[] {
  const count = Math.ceil(DAY_MS / slotMs);
  const successes = new Array<number>(count).fill(0);
  const failures = new Array<number>(count).fill(0);
  for (const record of records) {
    const index = Math.floor((Date.parse(record.time) - dayStart) / slotMs);
    if (index < 0 || index >= count) continue;
    if (record.probe_success === 1) successes[index] = (successes[index] ?? 0) + 1;
    else failures[index] = (failures[index] ?? 0) + 1;
  }
  return successes.map((up, index) => {
    const down = failures[index] ?? 0;
    if (up + down === 0) return 'none';
    return down > up ? 'down' : 'up';
  });
}

/** The day's downtimes (from the metric) override the slots they touch with 'down'. */
export function markDowntimes(
  statuses: readonly ClockStatus[],
  downtimes: Metric['downtimes'],
  dayStart: number,
  slotMs: number,
): ClockStatus[] {
  const marked = [...statuses];
  for (const downtime of downtimes) {
    const from = Date.parse(downtime.from_time);
    const to = downtime.to_time === null ? dayStart + DAY_MS : Date.parse(downtime.to_time);
    const first = Math.max(0, Math.floor((from - dayStart) / slotMs));
    const last = Math.min(marked.length - 1, Math.ceil((to - dayStart) / slotMs) - 1);
    for (let index = first; index <= last; index += 1) marked[index] = 'down';
  }
  return marked;
}

/** Runs of equal slots as segments of the day, in order. */
export function clockSegments(statuses: readonly ClockStatus[], dayStart: number, slotMs: number): ClockSegment[] {
  const segments: ClockSegment[] = [];
  statuses.forEach((status, index) => {
    const from = dayStart + index * slotMs;
    const to = Math.min(dayStart + DAY_MS, from + slotMs);
    const last = segments.at(-1);
    if (last && last.status === status) last.to = to;
    else segments.push({ from, to, status });
  });
  return segments;
}

/**
 * The segments with the monitor's paused spans cut out and drawn as 'paused', as the owner's
 * detail draws them (domain withPauses): at their own times, not rounded to slots.
 */
export function withPausedSpans(
  segments: readonly ClockSegment[],
  paused: Metric['paused'],
  dayStart: number,
  now: number,
  maintenance: Metric['maintenance'] = [],
): ClockSegment[] {
  const day = { start: dayStart, end: dayStart + DAY_MS };
  const intervals = (rows: Metric['paused']) =>
    rows.map((row) => ({ from: Date.parse(row.from_time), to: row.to_time === null ? null : Date.parse(row.to_time) }));
  // Maintenance (issue 14) is drawn like a pause, in its own colour; a pause over it wins.
  const windows = withCut(segments, pausedWithin(intervals(maintenance), day, now), 'maintenance');
  return withPauses(windows, pausedWithin(intervals(paused), day, now));
}

/** Share of the checked time that was up, one decimal; paused time is neither; null when nothing was checked. */
export function observedUptime(segments: readonly ClockSegment[]): number | null {
  const length = (status: ClockStatus) =>
    segments
      .filter((segment) => segment.status === status)
      .reduce((sum, segment) => sum + segment.to - segment.from, 0);
  const up = length('up');
  const observed = up + length('down');
  if (!observed) return null;
  return Math.round((up / observed) * 1000) / 10;
}

const pad = (value: number) => String(value).padStart(2, '0');
/** 'HH:mm' of an instant in UTC (the public status day is a UTC day). */
export function utcTime(time: number): string {
  const date = new Date(time);
  return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/**
 * The 24-hour clock: the day as a ring of up/down/paused/no-data arcs starting at midnight on top and
 * running clockwise, under a polar angle axis with a mark every 2 hours (labels 00 … 22).
 */
export function clockOption(segments: readonly ClockSegment[]): Record<string, unknown> {
  const radius = '74%';
  const center = ['50%', '50%'];
  return {
    animation: false,
    tooltip: {
      trigger: 'item',
      formatter: (item: { dataIndex: number }) => {
        const segment = segments[item.dataIndex];
        if (!segment) return '';
        const end =
          segment.to - segment.from >= DAY_MS
            ? '24:00'
            : utcTime(segment.to) === '00:00'
              ? '24:00'
              : utcTime(segment.to);
        return `${utcTime(segment.from)} – ${end} UTC<br/>${STATUS_LABELS[segment.status]}`;
      },
    },
    polar: { center, radius },
    angleAxis: {
      type: 'value',
      min: 0,
      max: 24,
      interval: CLOCK_MARK_HOURS,
      startAngle: 90,
      clockwise: true,
      axisLine: { show: true, lineStyle: { color: AXIS_COLOURS.line, width: 1 } },
      axisTick: { show: true, length: 6, lineStyle: { color: '#868e96' } },
      minorTick: { show: true, splitNumber: CLOCK_MARK_HOURS, length: 3, lineStyle: { color: AXIS_COLOURS.line } },
      splitLine: { show: false },
      axisLabel: {
        color: '#495057',
        fontSize: 12,
        formatter: (value: number) => (value >= 24 ? '' : `${pad(value)}:00`),
      },
    },
    radiusAxis: { show: false, min: 0, max: 1 },
    series: [
      {
        type: 'pie',
        center,
        radius: ['52%', radius],
        startAngle: 90,
        clockwise: true,
        avoidLabelOverlap: false,
        label: { show: false },
        labelLine: { show: false },
        emphasis: { scale: false },
        data: segments.map((segment) => ({
          name: STATUS_LABELS[segment.status],
          value: (segment.to - segment.from) / HOUR_MS,
          itemStyle: { color: STATUS_COLOURS[segment.status] },
        })),
      },
    ],
  };
}
