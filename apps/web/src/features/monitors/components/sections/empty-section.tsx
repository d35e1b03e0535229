import { Center, Text } from '@mantine/core';

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
