import { Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type SectionCardProps = {
  title: string;
  /** Shown at the right of the title: figures, a legend or a toggle. */
  aside?: ReactNode;
  children: ReactNode;
  testId?: string;
};

/** The frame every chart section of the monitor detail shares: a bordered card with a title row. */
export function SectionCard({ title, aside, children, testId }: SectionCardProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid={testId} component="section">
      <Group justify="space-between" align="center" gap="xs" mb="xs" wrap="wrap">
        <Text fw={600} size="sm" component="h3" m={0}>
          {title}
        </Text>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}
