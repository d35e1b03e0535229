import { ActionIcon, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { Metric } from '@paydar/contracts/metrics';
import { apdexRating } from '@paydar/domain/apdex';
import type { ReactNode } from 'react';
import { APDEX_COLOURS, STATUS_COLOURS } from '@/components/chart/palette';
import { InfoIcon } from './detail-icons';
import { formatUptime } from './uptime-section';

type DetailSummaryProps = {
  metric: Pick<Metric, 'uptime_percent' | 'apdex_percent' | 'downtimes'>;
  /** Opens the apdex explanation drawer. */
  onExplainApdex: () => void;
};

/** The day in two figures above the sections: uptime, and apdex with its explanation button. */
export function DetailSummary({ metric, onExplainApdex }: DetailSummaryProps) {
  const rating = apdexRating(metric.apdex_percent);
  return (
    <SimpleGrid cols={2} spacing="md">
      <Tile label="Uptime">
        <Text fz={{ base: 22, sm: 26 }} fw={700} lh={1.2} c={metric.downtimes.length ? STATUS_COLOURS.down : undefined}>
          {formatUptime(metric.uptime_percent)}
        </Text>
      </Tile>
      <Tile
        label="Apdex"
        action={
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label="What is apdex?" onClick={onExplainApdex}>
            <InfoIcon size={16} />
          </ActionIcon>
        }
      >
        <Group gap={8} wrap="nowrap" align="center">
          <span
            aria-hidden="true"
            style={{ width: 10, height: 10, borderRadius: 10, background: APDEX_COLOURS[rating], flexShrink: 0 }}
          />
          <Text fz={{ base: 22, sm: 26 }} fw={700} lh={1.2}>
            {metric.apdex_percent === null ? '—' : `${metric.apdex_percent}%`}
          </Text>
        </Group>
      </Tile>
    </SimpleGrid>
  );
}

function Tile({ label, action, children }: { label: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Group gap={4} wrap="nowrap" mb={4}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        {action}
      </Group>
      {children}
    </Paper>
  );
}
