import type { Metric } from '@paydar/contracts/metrics';

export type PhaseTimingsChartProps = { probers: Metric['probers'] };

/** STUB — phase-timing stacked chart per prober (issue 4 point 4). */
export function PhaseTimingsChart(_props: PhaseTimingsChartProps) {
  return null;
}
