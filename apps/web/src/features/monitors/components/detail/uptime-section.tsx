import { Stack, Text } from '@mantine/core';
import type { Metric } from '@paydar/contracts/metrics';
import type { MetricDay } from '../../api/get-metric';
import { SectionCard } from '../sections/section-card';
import { DayTimeline } from './day-timeline';
import { SpanTable } from './span-table';

type UptimeSectionProps = {
  metric: Pick<Metric, 'downtimes' | 'paused' | 'first_check_at' | 'fetch_time'> & Partial<Pick<Metric, 'maintenance'>>;
  day: MetricDay;
};

/** '99.87%', '100%': two decimals at most, so a short outage still shows. */
export function formatUptime(percent: number | null): string {
  return percent === null ? '—' : `${Number(percent.toFixed(2))}%`;
}

/**
 * The day's timeline, then the downtimes table (spec §2) and the spans the monitor was paused
 * (neither up nor down, left out of the uptime); the uptime figure stands above, in the summary.
 */
export function UptimeSection({ metric, day }: UptimeSectionProps) {
  return (
    <SectionCard title="Uptime and downtimes" testId="section-uptime">
      <Stack gap="md">
        <DayTimeline metric={metric} day={day} />
        {metric.downtimes.length === 0 ? (
          <Text size="sm" c="dimmed">
            No downtimes on this day.
          </Text>
        ) : (
          <SpanTable title="Downtimes" rows={metric.downtimes} />
        )}
        {metric.paused.length > 0 && <SpanTable title="Paused" rows={metric.paused} />}
        {(metric.maintenance?.length ?? 0) > 0 && <SpanTable title="Maintenance" rows={metric.maintenance ?? []} />}
      </Stack>
    </SectionCard>
  );
}
