import type { Metric } from '@paydar/contracts/metrics';

export type ResponseTimeSectionProps = {
  byResponseTime: Metric['by_response_time'];
  /** The monitor's apdex threshold T in seconds: colours the buckets good / tolerated / frustrated. */
  apdexSeconds: number;
  /** For the optional raw-data chart; absent on shared views (the raw call needs the owner). */
  raw?: { monitorId: number; lastCheckAt: string | null };
};

/** STUB — response-time buckets with the optional raw-data chart (issue 4 point 4). */
export function ResponseTimeSection(_props: ResponseTimeSectionProps) {
  return null;
}
