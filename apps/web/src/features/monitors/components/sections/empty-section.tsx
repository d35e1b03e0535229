import { Center, Text } from '@mantine/core';

/** What a section shows when the day has nothing for it. */
export function EmptySection({ text = 'No data for this day.' }: { text?: string }) {
  return (
    <Center h={80}>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Center>
  );
}
