import { Center, Text } from '@mantine/core';
import { Chart, type ChartProps } from '@/components/chart/chart';

/** What a section shows when the day has nothing for it: the reason, in words (chart-empty-reason). */
export function EmptySection({ text = 'No data for this day.' }: { text?: string }) {
  return (
    <Center h={80} data-testid="empty-chart">
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Center>
  );
}

/** A chart, or in its place the reason it has nothing to draw. */
export function ChartOrReason({ reason, ...chart }: ChartProps & { reason: string | null }) {
  return reason ? <EmptySection text={reason} /> : <Chart {...chart} />;
}
