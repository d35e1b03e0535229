import { type ApdexRating, apdexRating } from '@paydar/domain/apdex';
import { HOUR_MS } from '@paydar/domain/time';
import { APDEX_COLOURS, AXIS_COLOURS, NO_DATA_LINE_COLOUR } from '@/components/chart/palette';
import { formatTime } from '@/lib/date-time';
import { currentTimeSettings } from '@/lib/time-settings';
import {
  type ChartSpans,
  coveredMs,
  NO_SPANS,
  SPAN_COLOURS,
  SPAN_LABELS,
  type SpanKind,
  spanKindsIn,
} from './chart-spans';

/** Hours per bar of the apdex chart (spec §9: 2-hour slots). */
export const APDEX_SLOT_HOURS = 2;

/**
 * What a slot holds: apdex from checks ('data', 0 % included), or nothing — because the monitor
 * was paused or in maintenance for most of it, or for no known reason ('none').
 */
export type SlotKind = 'data' | 'none' | SpanKind;

export interface ApdexSlot {
  /** Epoch ms of the slot's first hour. */
  start: number;
  /** Epoch ms where its hours end: two hours on, or one for the odd last hour of a 25-hour day. */
  end: number;
  /** Mean of the slot's hourly values that have data, one decimal; null when none has. */
  percent: number | null;
  rating: ApdexRating;
  kind: SlotKind;
  /** Paused or maintenance time inside the slot, whatever its kind. */
  spans: SpanKind[];
}

/**
 * The hourly apdex values (oldest first, the last hour ending at `endsAt`: 24 of them, or a chosen
 * day's 23 or 25 across a daylight-saving change) as two-hour slots — 12, or 13 with a last slot of
 * one hour: each the average of its non-null hours. A slot without data is 'maintenance' or 'paused' when that
 * covers at least half of it, otherwise 'none'.
 */
export function apdexSlots(
  hourly: readonly (number | null)[],
  endsAt: number,
  spans: ChartSpans = NO_SPANS,
): ApdexSlot[] {
  const firstHour = endsAt - hourly.length * HOUR_MS;
  const slots: ApdexSlot[] = [];
  for (let index = 0; index < hourly.length; index += APDEX_SLOT_HOURS) {
    const values = hourly
      .slice(index, index + APDEX_SLOT_HOURS)
      .filter((value): value is number => typeof value === 'number');
    const percent = values.length
      ? Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10
      : null;
    const start = firstHour + index * HOUR_MS;
    const end = start + Math.min(APDEX_SLOT_HOURS, hourly.length - index) * HOUR_MS;
    const mostly = (kind: SpanKind) => coveredMs(spans[kind], start, end) * 2 >= end - start;
    const kind: SlotKind =
      percent !== null ? 'data' : mostly('maintenance') ? 'maintenance' : mostly('paused') ? 'paused' : 'none';
    slots.push({
      start,
      end,
      percent,
      rating: apdexRating(percent),
      kind,
      spans: spanKindsIn(spans, start, end),
    });
  }
  return slots;
}

/**
 * 'HH:mm' of an instant in the reader's zone (the profile's, issue 15), today and on a past day
 * alike. The server counts the hours in the zone asked for (issue 26), so Tehran's read '00:00',
 * '02:00'…; an hour given from elsewhere still reads where it falls ('00:30').
 */
export function hourLabel(time: number): string {
  return formatTime(time, currentTimeSettings(), 'hour-minute');
}

/**
 * Where a slot's hours end, as its tooltip says: the last slot of today runs on past now (it holds the
 * hour now is in), so it ends at now, never at a time still to come (issue 15).
 */
export function slotEndLabel(slot: Pick<ApdexSlot, 'end'>, now: number): string {
  return hourLabel(Math.min(slot.end, now));
}

/** What a slot's tooltip says under its hours. */
export function slotText(slot: ApdexSlot): string {
  if (slot.kind === 'none') return 'No data';
  if (slot.kind !== 'data') return SPAN_LABELS[slot.kind];
  const also = slot.spans.map((kind) => `partly ${SPAN_LABELS[kind].toLowerCase()}`);
  return [`Apdex ${slot.percent}%`, ...also].join(' · ');
}

/** Diagonal stripes: the no-data slot is a hatched outline, never mistaken for a bar of any height. */
export const NO_DATA_HATCH = {
  symbol: 'rect',
  symbolSize: 1,
  color: NO_DATA_LINE_COLOUR,
  dashArrayX: [1, 0],
  dashArrayY: [2, 5],
  rotation: -Math.PI / 4,
};

/** The same stripes in CSS, for the legend's swatch. */
export const NO_DATA_SWATCH = `repeating-linear-gradient(-45deg, ${NO_DATA_LINE_COLOUR} 0 2px, transparent 2px 5px)`;

/** A slot's bar: its apdex at its height (0 % a short red bar labelled "0%"); no data a hatched outline. */
function slotBar(slot: ApdexSlot): Record<string, unknown> {
  if (slot.kind === 'none') {
    return {
      value: 100,
      itemStyle: {
        color: 'transparent',
        borderColor: NO_DATA_LINE_COLOUR,
        borderType: 'dashed',
        borderWidth: 1,
        decal: NO_DATA_HATCH,
      },
      emphasis: { disabled: true },
    };
  }
  // Paused and maintenance slots draw no bar: the shaded span behind them says what they were.
  if (slot.kind !== 'data' || slot.percent === null) return { value: '-' };
  const bad = slot.rating === 'bad';
  return {
    value: slot.percent,
    itemStyle: { color: APDEX_COLOURS[slot.rating], borderRadius: [3, 3, 0, 0] },
    // The worst hours carry their figure, so a bar too short to see still reads as the worst.
    label: bad
      ? {
          show: true,
          position: 'top',
          formatter: `${slot.percent}%`,
          color: APDEX_COLOURS.bad,
          fontSize: 10,
          fontWeight: 600,
        }
      : { show: false },
  };
}

/** Shaded areas behind the slots that were paused or in maintenance (by slot index on the category axis). */
function spanAreas(slots: readonly ApdexSlot[]): Array<Record<string, unknown>> {
  return (
    (['paused', 'maintenance'] as const)
      .map((kind) => ({ kind, indexes: slots.flatMap((slot, index) => (slot.spans.includes(kind) ? [index] : [])) }))
      .filter(({ indexes }) => indexes.length > 0)
      // A line series without points: it adds the areas and a legend name, and takes no bar's room.
      .map(({ kind, indexes }) => ({
        type: 'line',
        name: SPAN_LABELS[kind],
        data: [],
        markArea: {
          silent: true,
          itemStyle: { color: SPAN_COLOURS[kind], opacity: 0.25 },
          data: indexes.map((index) => [{ xAxis: index }, { xAxis: index }]),
        },
      }))
  );
}

/**
 * The bar chart of the slots on a 0–100 scale: bars at their apdex, a minimum height so 0 % shows,
 * no-data slots as hatched outlines, paused and maintenance slots shaded. Hours end at `now` at most.
 */
export function hourlyApdexOption(
  slots: readonly ApdexSlot[],
  now = Number.POSITIVE_INFINITY,
): Record<string, unknown> {
  const labels = slots.map((slot) => hourLabel(slot.start));
  return {
    animation: false,
    grid: { left: 36, right: 8, top: 16, bottom: 24 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: Array<{ dataIndex: number }>) => {
        const slot = slots[params[0]?.dataIndex ?? 0];
        if (!slot) return '';
        return `${hourLabel(slot.start)} – ${slotEndLabel(slot, now)}<br/>${slotText(slot)}`;
      },
    },
    xAxis: {
      type: 'category',
      data: labels,
      axisTick: { show: false },
      axisLine: { lineStyle: { color: AXIS_COLOURS.line } },
      axisLabel: { color: AXIS_COLOURS.label, hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      min: 0,
      max: 100,
      interval: 25,
      axisLabel: { color: AXIS_COLOURS.label },
      splitLine: { lineStyle: { color: AXIS_COLOURS.split } },
    },
    series: [
      {
        type: 'bar',
        name: 'Apdex',
        barCategoryGap: '25%',
        barMinHeight: 4,
        data: slots.map(slotBar),
      },
      ...spanAreas(slots),
    ],
  };
}
