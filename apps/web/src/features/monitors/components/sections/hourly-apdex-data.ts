import { HOURLY_APDEX_SLOTS } from '@paydar/contracts/metrics';
import { type ApdexRating, apdexRating } from '@paydar/domain/apdex';
import { HOUR_MS } from '@paydar/domain/time';
import { APDEX_COLOURS, AXIS_COLOURS } from '@/components/chart/palette';
import { formatTime, utcSettings } from '@/lib/date-time';
import { currentTimeSettings } from '@/lib/time-settings';

/** Hours per bar of the apdex chart (spec §9: 2-hour slots). */
export const APDEX_SLOT_HOURS = 2;

export interface ApdexSlot {
  /** Epoch ms of the slot's first hour. */
  start: number;
  /** Mean of the slot's hourly values that have data, one decimal; null when none has. */
  percent: number | null;
  rating: ApdexRating;
}

/** How times are labelled: today in the browser's zone, a past day in UTC (spec §2). */
export type LabelZone = 'local' | 'utc';

/**
 * The 24 hourly apdex values (oldest first, the last hour ending at `endsAt`) as 12 two-hour slots:
 * each the average of its non-null hours, null when both are null.
 */
export function apdexSlots(hourly: readonly (number | null)[], endsAt: number): ApdexSlot[] {
  const firstHour = endsAt - HOURLY_APDEX_SLOTS * HOUR_MS;
  const slots: ApdexSlot[] = [];
  for (let index = 0; index < HOURLY_APDEX_SLOTS; index += APDEX_SLOT_HOURS) {
    const values = hourly
      .slice(index, index + APDEX_SLOT_HOURS)
      .filter((value): value is number => typeof value === 'number');
    const percent = values.length
      ? Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10
      : null;
    slots.push({ start: firstHour + index * HOUR_MS, percent, rating: apdexRating(percent) });
  }
  return slots;
}

/** 'HH:00' of an instant, in the reader's zone (the profile's, issue 15) or in UTC. */
export function hourLabel(time: number, zone: LabelZone): string {
  return formatTime(time, zone === 'utc' ? utcSettings('gregorian') : currentTimeSettings(), 'hour-minute');
}

/** The bar chart of the slots on a 0–100 scale; a slot without data is a full-height 'disabled' bar. */
export function hourlyApdexOption(slots: readonly ApdexSlot[], zone: LabelZone): Record<string, unknown> {
  const labels = slots.map((slot) => hourLabel(slot.start, zone));
  return {
    animation: false,
    grid: { left: 36, right: 8, top: 12, bottom: 24 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: Array<{ dataIndex: number }>) => {
        const slot = slots[params[0]?.dataIndex ?? 0];
        if (!slot) return '';
        const end = hourLabel(slot.start + APDEX_SLOT_HOURS * HOUR_MS, zone);
        const value = slot.percent === null ? 'No data' : `Apdex ${slot.percent}%`;
        return `${hourLabel(slot.start, zone)} – ${end}<br/>${value}`;
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
        barCategoryGap: '25%',
        data: slots.map((slot) => ({
          value: slot.percent ?? 100,
          itemStyle: { color: APDEX_COLOURS[slot.rating], borderRadius: [3, 3, 0, 0] },
        })),
      },
    ],
  };
}
