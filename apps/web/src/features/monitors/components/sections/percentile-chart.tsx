import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { MetricTrends } from '@paydar/contracts/metric-trends';
import { useMemo, useState } from 'react';
import { Chart } from '@/components/chart/chart';
import type { EmptyReason } from './chart-empty-reason';
import { type ChartSpans, spansOf } from './chart-spans';
import { EmptySection } from './empty-section';
import { percentileOption } from './percentile-chart-data';
import { SectionCard } from './section-card';

export type PercentileRange = 'day' | 'week';

export type PercentileChartProps = {
  /** The trends answer; undefined while it loads or after a failure. */
  trends: MetricTrends | undefined;
  loading?: boolean;
  /** The day's paused and maintenance spans (the week's come with the trends). */
  daySpans: ChartSpans;
  /** Why the day has nothing to draw (chart-empty-reason). */
  emptyReason: EmptyReason | null;
};

const RANGES = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: '7 days' },
];

/**
 * p50 and p95 response time per hour and prober, for the day or the 7 days ending with it. The
 * percentiles are estimated by the server from each hour's bucket counts (at most a bucket's width off).
 */
export function PercentileChart({ trends, loading = false, daySpans, emptyReason }: PercentileChartProps) {
  const [range, setRange] = useState<PercentileRange>('day');
  const series = trends?.response_time[range];
  const spans = useMemo(
    () => (range === 'day' || !trends ? daySpans : spansOf(trends, Date.parse(trends.fetch_time))),
    [range, trends, daySpans],
  );
  const now = trends ? Date.parse(trends.fetch_time) : undefined;
  const option = useMemo(() => (series ? percentileOption(series, spans, { now }) : null), [series, spans, now]);
  const empty = series && series.probers.length === 0 ? (emptyReason ?? 'No successful check in this range') : null;
  return (
    <SectionCard
      title="Response time, p50 and p95"
      testId="section-percentiles"
      aside={
        <SegmentedControl
          size="xs"
          data={RANGES}
          value={range}
          onChange={(value) => setRange(value as PercentileRange)}
          aria-label="Range of the response-time chart"
        />
      }
    >
      <Stack gap={4}>
        {!option ? (
          <EmptySection text={loading ? 'Loading…' : 'The response-time series could not be loaded.'} />
        ) : empty ? (
          <EmptySection text={empty} />
        ) : (
          <Chart
            option={option}
            height={220}
            ariaLabel={`p50 and p95 response time per hour and prober, ${range === 'day' ? 'the day' : 'the last 7 days'}`}
            testId="chart-percentiles"
          />
        )}
        <Text size="xs" c="dimmed">
          Solid p50, dashed p95, estimated from each hour's response-time buckets.
        </Text>
      </Stack>
    </SectionCard>
  );
}
