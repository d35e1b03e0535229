import { Box, Group, Text } from '@mantine/core';
import { type ChartSpans, coveredMs, SPAN_COLOURS, SPAN_LABELS, type SpanKind } from './chart-spans';

/** '2 h 10 min', '45 min', 'under a minute'. */
export function spanDuration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!hours) return `${rest} min`;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/**
 * What the span's time means for the chart: a paused monitor is not checked; in maintenance checks
 * still run and are stored (ingest keeps them, issue 14) — the chart holds them — but the time
 * counts neither up nor down.
 */
const SPAN_MEANING: Record<SpanKind, string> = {
  paused: 'no checks counted',
  maintenance: 'its checks are shown, the time counts neither up nor down',
};

/**
 * Under a chart with no time axis (the response-time histogram, the phases): how long of the day
 * the monitor was paused or in maintenance, in the timeline's colours, and what that time means.
 */
export function SpanNote({ spans, day }: { spans: ChartSpans; day: { from: number; to: number } }) {
  const parts = (Object.keys(spans) as SpanKind[])
    .map((kind) => ({ kind, ms: coveredMs(spans[kind], day.from, day.to) }))
    .filter(({ ms }) => ms > 0);
  if (!parts.length) return null;
  return (
    <Group gap="sm" wrap="wrap" data-testid="span-note">
      {parts.map(({ kind, ms }) => (
        <Group key={kind} gap={6} wrap="nowrap">
          <Box w={10} h={10} style={{ borderRadius: 2, background: SPAN_COLOURS[kind], flexShrink: 0 }} />
          <Text size="xs" c="dimmed">
            {SPAN_LABELS[kind]} {spanDuration(ms)}: {SPAN_MEANING[kind]}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
