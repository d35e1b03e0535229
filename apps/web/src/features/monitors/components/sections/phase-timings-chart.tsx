import type { Metric } from '@paydar/contracts/metrics';
import { useMemo } from 'react';
import { Chart } from '@/components/chart/chart';
import { EmptySection } from './empty-section';
import { phaseTimingsOption, proberChartHeight } from './prober-timings-data';
import { SectionCard } from './section-card';

export type PhaseTimingsChartProps = { probers: Metric['probers'] };

/** Stacked bars per prober of the check's phases: resolve, connect, TLS and response (ms). */
export function PhaseTimingsChart({ probers }: PhaseTimingsChartProps) {
  const option = useMemo(() => phaseTimingsOption(probers), [probers]);
  return (
    <SectionCard title="Timing phases per prober" testId="section-phase-timings">
      {probers.length ? (
        <Chart
          option={option}
          height={proberChartHeight(probers.length, 64)}
          ariaLabel="Resolve, connect, TLS and response time per prober"
          testId="chart-phase-timings"
        />
      ) : (
        <EmptySection />
      )}
    </SectionCard>
  );
}
