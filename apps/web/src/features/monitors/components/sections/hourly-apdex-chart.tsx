import { useMemo } from 'react';
import { Chart } from '@/components/chart/chart';
import { ChartLegend } from '@/components/chart/chart-legend';
import { APDEX_COLOURS } from '@/components/chart/palette';
import { apdexSlots, hourlyApdexOption, type LabelZone } from './hourly-apdex-data';
import { SectionCard } from './section-card';

export type HourlyApdexChartProps = {
  /** 24 hourly apdex percents, oldest first (null: no data that hour). */
  apdexPercents: readonly (number | null)[];
  /** Epoch ms at the end of the last hour shown. */
  endsAt: number;
  /** How the hours are labelled: 'local' for today (the default), 'utc' for a past day (spec §2). */
  zone?: LabelZone;
};

const legend = [
  { label: '≥ 90', colour: APDEX_COLOURS.gold },
  { label: '75–90', colour: APDEX_COLOURS.silver },
  { label: '< 75', colour: APDEX_COLOURS.bad },
  { label: 'No data', colour: APDEX_COLOURS.disabled },
];

/** Hourly apdex for the last day in 2-hour slots, gold / silver / bad, grey without data (spec §9). */
export function HourlyApdexChart({ apdexPercents, endsAt, zone = 'local' }: HourlyApdexChartProps) {
  const option = useMemo(
    () => hourlyApdexOption(apdexSlots(apdexPercents, endsAt), zone),
    [apdexPercents, endsAt, zone],
  );
  return (
    <SectionCard
      title={zone === 'utc' ? 'Apdex by hour, UTC day' : 'Apdex, last 24 hours'}
      testId="section-hourly-apdex"
      aside={<ChartLegend items={legend} />}
    >
      <Chart
        option={option}
        height={180}
        ariaLabel="Apdex per two hours over the last day"
        testId="chart-hourly-apdex"
      />
    </SectionCard>
  );
}
