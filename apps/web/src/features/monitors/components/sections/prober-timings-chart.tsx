import type { Metric } from '@paydar/contracts/metrics';
import { useMemo } from 'react';
import { Chart } from '@/components/chart/chart';
import { EmptySection } from './empty-section';
import { proberChartHeight, proberTimingsOption } from './prober-timings-data';
import { SectionCard } from './section-card';

export type ProberTimingsChartProps = { probers: Metric['probers'] };

/** Per-prober bars of the day's average duration with failures, the axis reaching 1.15 × the largest (spec §9). */
export function ProberTimingsChart({ probers }: ProberTimingsChartProps) {
  const option = useMemo(() => proberTimingsOption(probers), [probers]);
  return (
    <SectionCard title="Average response time per prober" testId="section-prober-timings">
      {probers.length ? (
        <Chart
          option={option}
          height={proberChartHeight(probers.length)}
          ariaLabel="Average response time and failures per prober"
          testId="chart-prober-timings"
        />
      ) : (
        <EmptySection />
      )}
    </SectionCard>
  );
}
