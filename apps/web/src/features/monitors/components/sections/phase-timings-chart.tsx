import type { Metric } from '@paydar/contracts/metrics';
import { useMemo } from 'react';
import { Chart } from '@/components/chart/chart';
import type { EmptyReason } from './chart-empty-reason';
import { type ChartSpans, NO_SPANS } from './chart-spans';
import { EmptySection } from './empty-section';
import { phaseTimingsOption, proberChartHeight } from './prober-timings-data';
import { SectionCard } from './section-card';
import { SpanNote } from './span-note';

export type PhaseTimingsChartProps = {
  probers: Metric['probers'];
  /** Why there is nothing to draw (chart-empty-reason); null when there is something. */
  emptyReason?: EmptyReason | null;
  /** The day's paused and maintenance spans and the day itself: told under the chart. */
  spans?: ChartSpans;
  day?: { from: number; to: number };
};

/** Stacked bars per prober of the check's phases: resolve, connect, TLS and response (ms). */
export function PhaseTimingsChart({ probers, emptyReason = null, spans = NO_SPANS, day }: PhaseTimingsChartProps) {
  const option = useMemo(() => phaseTimingsOption(probers), [probers]);
  return (
    <SectionCard title="Timing phases per prober" testId="section-phase-timings">
      {probers.length && !emptyReason ? (
        <Chart
          option={option}
          height={proberChartHeight(probers.length, 64)}
          ariaLabel="Resolve, connect, TLS and response time per prober"
          testId="chart-phase-timings"
        />
      ) : (
        <EmptySection text={emptyReason ?? undefined} />
      )}
      {day && <SpanNote spans={spans} day={day} />}
    </SectionCard>
  );
}
