import type { Metric } from '@paydar/contracts/metrics';
import { useMemo } from 'react';
import { Chart } from '@/components/chart/chart';
import type { EmptyReason } from './chart-empty-reason';
import { EmptySection } from './empty-section';
import { proberChartHeight, proberTimingsOption } from './prober-timings-data';
import { SectionCard } from './section-card';

export type ProberTimingsChartProps = {
  probers: Metric['probers'];
  /** Why there is nothing to draw (chart-empty-reason); null when there is something. */
  emptyReason?: EmptyReason | null;
};

/** Per-prober bars of the day's average duration with failures, the axis reaching 1.15 × the largest (spec §9). */
// Probers that only failed still get their bar: it carries their failures, so the reason is told only without probers.
export function ProberTimingsChart({ probers, emptyReason = null }: ProberTimingsChartProps) {
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
        <EmptySection text={emptyReason ?? undefined} />
      )}
    </SectionCard>
  );
}
