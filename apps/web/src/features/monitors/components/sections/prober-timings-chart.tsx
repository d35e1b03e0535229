import type { Metric } from '@paydar/contracts/metrics';

export type ProberTimingsChartProps = { probers: Metric['probers'] };

/** STUB — per-prober timing bars, maximum 1.15 × the largest (issue 4 point 4). */
export function ProberTimingsChart(_props: ProberTimingsChartProps) {
  return null;
}
