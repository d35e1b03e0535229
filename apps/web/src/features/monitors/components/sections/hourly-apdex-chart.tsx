import { useMemo } from 'react';
import { ChartLegend } from '@/components/chart/chart-legend';
import { APDEX_COLOURS } from '@/components/chart/palette';
import type { EmptyReason } from './chart-empty-reason';
import { type ChartSpans, NO_SPANS, spanLegend } from './chart-spans';
import { ChartOrReason } from './empty-section';
import { apdexSlots, hourlyApdexOption, NO_DATA_SWATCH } from './hourly-apdex-data';
import { SectionCard } from './section-card';

export type HourlyApdexChartProps = {
  /** 24 hourly apdex percents, oldest first (null: no data that hour). */
  apdexPercents: readonly (number | null)[];
  /** Epoch ms at the end of the last hour shown. */
  endsAt: number;
  /** A chosen past day rather than the 24 hours up to the last check: the title says so. */
  pastDay?: boolean;
  /** Epoch ms the figures were computed at: no hour is told as ending after it. */
  now?: number;
  /** Paused and maintenance spans: shaded, never drawn as missing data. */
  spans?: ChartSpans;
  /** Why there is nothing to draw when no hour has data (chart-empty-reason). */
  emptyReason?: EmptyReason | null;
};

const ratingLegend = [
  { label: '≥ 90', colour: APDEX_COLOURS.gold },
  { label: '75–90', colour: APDEX_COLOURS.silver },
  { label: '< 75', colour: APDEX_COLOURS.bad },
  { label: 'No data', colour: NO_DATA_SWATCH },
];

/**
 * Hourly apdex for the last day in 2-hour slots, gold / silver / bad (spec §9): 0 % a red bar
 * labelled 0%, no data a hatched outline, paused and maintenance time shaded.
 */
export function HourlyApdexChart({
  apdexPercents,
  endsAt,
  pastDay = false,
  now,
  spans = NO_SPANS,
  emptyReason,
}: HourlyApdexChartProps) {
  const option = useMemo(
    () => hourlyApdexOption(apdexSlots(apdexPercents, endsAt, spans), now),
    [apdexPercents, endsAt, spans, now],
  );
  const empty = emptyReason && apdexPercents.every((value) => value === null) ? emptyReason : null;
  return (
    <SectionCard
      title={pastDay ? 'Apdex by hour' : 'Apdex, last 24 hours'}
      testId="section-hourly-apdex"
      aside={<ChartLegend items={[...ratingLegend, ...spanLegend(spans)]} />}
    >
      <ChartOrReason
        reason={empty}
        option={option}
        height={180}
        ariaLabel="Apdex per two hours over the last day"
        testId="chart-hourly-apdex"
      />
    </SectionCard>
  );
}
