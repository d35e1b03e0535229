import type { Metric, RawProbeRecord } from '@paydar/contracts/metrics';
import type { DaySpan } from '@paydar/domain/local-day';
import { HOUR_MS, MINUTE_MS } from '@paydar/domain/time';
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
 * majority rule of the down/up decision), up otherwise, 'none' without any record. The day is the
 * viewer's: 23, 24 or 25 hours.
 */
export function slotStatuses(records: readonly RawProbeRecord[], day: DaySpan, slotMs: number): ClockStatus[] {
  const dayStart = day.start;
  const count = Math.ceil((day.end - day.start) / slotMs);
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
  day: DaySpan,
  slotMs: number,
): ClockStatus[] {
  const marked = [...statuses];
  const dayStart = day.start;
  for (const downtime of downtimes) {
    const from = Date.parse(downtime.from_time);
    const to = downtime.to_time === null ? day.end : Date.parse(downtime.to_time);
    const first = Math.max(0, Math.floor((from - dayStart) / slotMs));
    const last = Math.min(marked.length - 1, Math.ceil((to - dayStart) / slotMs) - 1);
    for (let index = first; index <= last; index += 1) marked[index] = 'down';
  }
  return marked;
}

/** Runs of equal slots as segments of the day, in order. */
export function clockSegments(statuses: readonly ClockStatus[], day: DaySpan, slotMs: number): ClockSegment[] {
  const segments: ClockSegment[] = [];
  statuses.forEach((status, index) => {
    const from = day.start + index * slotMs;
    const to = Math.min(day.end, from + slotMs);
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
  day: DaySpan,
  now: number,
  maintenance: Metric['maintenance'] = [],
): ClockSegment[] {
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

/** How the clock writes times: in the zone the day was cut in. */
export interface ClockZone {
  name: string;
  time: (ms: number) => string;
}

const UTC_ZONE: ClockZone = { name: 'UTC', time: utcTime };

/**
 * The day's clock: the day as a ring of up/down/paused/no-data arcs starting at midnight on top and
 * running clockwise, under a polar angle axis with a mark every 2 hours. The ring is the day's own
 * length — 24 hours, or 23 or 25 on a day the zone's clocks change — and each mark is labelled with
 * the time the zone's clocks read then (so on such a day one label repeats or is skipped); the
 * tooltips write times in that zone too (`zone`, UTC by default).
 */
export function clockOption(
  segments: readonly ClockSegment[],
  zone: ClockZone = UTC_ZONE,
  day: DaySpan | null = null,
): Record<string, unknown> {
  const hours = day ? (day.end - day.start) / HOUR_MS : 24;
  const dayEnd = day?.end ?? Number.POSITIVE_INFINITY;
  const markLabel = (value: number) => {
    if (value >= hours) return '';
    return day ? zone.time(day.start + value * HOUR_MS) : `${pad(value)}:00`;
  };
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
          segment.to >= dayEnd || segment.to - segment.from >= hours * HOUR_MS || zone.time(segment.to) === '00:00'
            ? '24:00'
            : zone.time(segment.to);
        return `${zone.time(segment.from)} – ${end} ${zone.name}<br/>${STATUS_LABELS[segment.status]}`;
      },
    },
    polar: { center, radius },
    angleAxis: {
      type: 'value',
      min: 0,
      max: hours,
      interval: CLOCK_MARK_HOURS,
      startAngle: 90,
      clockwise: true,
      axisLine: { show: true, lineStyle: { color: AXIS_COLOURS.line, width: 1 } },
      axisTick: { show: true, length: 6, lineStyle: { color: AXIS_COLOURS.label } },
      minorTick: { show: true, splitNumber: CLOCK_MARK_HOURS, length: 3, lineStyle: { color: AXIS_COLOURS.line } },
      splitLine: { show: false },
      axisLabel: {
        color: AXIS_COLOURS.text,
        fontSize: 12,
        formatter: markLabel,
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
