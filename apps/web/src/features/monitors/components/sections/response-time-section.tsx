import { Group, Stack, Switch, Text } from '@mantine/core';
import type { Metric } from '@paydar/contracts/metrics';
import { useMemo, useState } from 'react';
import { ChartLegend } from '@/components/chart/chart-legend';
import { QUALITY_COLOURS } from '@/components/chart/palette';
import type { EmptyReason } from './chart-empty-reason';
import { type ChartSpans, NO_SPANS } from './chart-spans';
import { ChartOrReason } from './empty-section';
import { RawDataChart } from './raw-data-chart';
import { bucketBars, responseTimeOption } from './response-time-data';
import { SectionCard } from './section-card';
import { SpanNote } from './span-note';

export type ResponseTimeSectionProps = {
  byResponseTime: Metric['by_response_time'];
  /** The monitor's apdex threshold T in seconds: colours the buckets good / tolerated / frustrated. */
  apdexSeconds: number;
  /** For the optional raw-data chart; absent on shared views (the raw call needs the owner). */
  raw?: { monitorId: number; lastCheckAt: string | null };
  /** Why the histogram is empty when no check succeeded (chart-empty-reason); null when it is not. */
  emptyReason?: EmptyReason | null;
  /** The day's paused and maintenance spans and the day itself: told under the histogram. */
  spans?: ChartSpans;
  day?: { from: number; to: number };
};

const legend = [
  { label: 'Good', colour: QUALITY_COLOURS.good },
  { label: 'Tolerated', colour: QUALITY_COLOURS.tolerated },
  { label: 'Frustrated', colour: QUALITY_COLOURS.frustrated },
];

/** The response-time histogram, failed checks and the average, and the opt-in raw-data chart (spec §2, §9). */
export function ResponseTimeSection({
  byResponseTime,
  apdexSeconds,
  raw,
  emptyReason = null,
  spans = NO_SPANS,
  day,
}: ResponseTimeSectionProps) {
  const option = useMemo(
    () => responseTimeOption(bucketBars(byResponseTime.buckets, apdexSeconds)),
    [byResponseTime.buckets, apdexSeconds],
  );
  // The toggle starts off for every monitor (spec §2): reset while rendering when the monitor changes.
  const [showRaw, setShowRaw] = useState(false);
  const [rawMonitorId, setRawMonitorId] = useState(raw?.monitorId);
  if (raw?.monitorId !== rawMonitorId) {
    setRawMonitorId(raw?.monitorId);
    setShowRaw(false);
  }
  const average = byResponseTime.average_response_time;

  return (
    <SectionCard
      title="Response time"
      testId="section-response-time"
      aside={
        raw && (
          <Switch
            size="xs"
            label="Raw data"
            checked={showRaw}
            onChange={(event) => setShowRaw(event.currentTarget.checked)}
          />
        )
      }
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="lg" wrap="wrap">
            <Figure label="Average" value={average === null ? '—' : `${formatMs(average)} ms`} />
            <Figure
              label="Failed checks"
              value={byResponseTime.error.toLocaleString('en-US')}
              alert={byResponseTime.error > 0}
            />
          </Group>
          <ChartLegend items={legend} />
        </Group>
        <ChartOrReason
          reason={emptyReason}
          option={option}
          height={200}
          ariaLabel="Checks per response-time bucket"
          testId="chart-response-time"
        />
        {day && <SpanNote spans={spans} day={day} />}
        {raw && showRaw && <RawDataChart monitorId={raw.monitorId} lastCheckAt={raw.lastCheckAt} />}
      </Stack>
    </SectionCard>
  );
}

function Figure({ label, value, alert = false }: { label: string; value: string; alert?: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text
        size="sm"
        fw={600}
        c={alert ? 'red.8' : undefined}
        data-testid={`figure-${label.toLowerCase().replace(/\s+/g, '-')}`}
      >
        {value}
      </Text>
    </Group>
  );
}

/** Milliseconds with at most one decimal and thousands separators. */
function formatMs(ms: number): string {
  return ms.toLocaleString('en-US', { maximumFractionDigits: 1 });
}
