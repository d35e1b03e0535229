import { Box, Group, Text } from '@mantine/core';

export type LegendItem = { label: string; colour: string };

/** A row of colour swatches with their meaning, for charts whose colours carry the data. */
export function ChartLegend({ items }: { items: readonly LegendItem[] }) {
  return (
    <Group gap="sm" wrap="wrap" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Group key={item.label} gap={6} wrap="nowrap" component="li">
          <Box w={10} h={10} style={{ borderRadius: 2, background: item.colour, flexShrink: 0 }} />
          <Text size="xs" c="dimmed">
            {item.label}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
