import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { MetricTrends } from '@paydar/contracts/metric-trends';
import { UPTIME_WINDOW_DAYS } from '@paydar/contracts/metric-trends';

/** What a window's figure reads: the percent to two decimals at most, '—' unobserved, the plan's limit past it. */
export function uptimeWindowText(window: MetricTrends['uptime'][number] | undefined): string {
  if (!window) return '—';
  if (!window.within_history) return 'Beyond plan';
  return window.uptime_percent === null ? '—' : `${Number(window.uptime_percent.toFixed(2))}%`;
}

/** Uptime over 7, 30 and 90 days ending with the day shown, beside the day's own figures. */
export function UptimeWindows({ trends, loading }: { trends: MetricTrends | undefined; loading: boolean }) {
  return (
    <SimpleGrid cols={3} spacing="md" data-testid="uptime-windows" aria-label="Uptime over 7, 30 and 90 days">
      {UPTIME_WINDOW_DAYS.map((days) => {
        const window = trends?.uptime.find((item) => item.days === days);
        return (
          <Paper key={days} withBorder radius="md" p={{ base: 'xs', sm: 'sm' }}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {/* A phone's third of the width holds '90 days' only; the summary's 'Uptime' stands above. */}
              <Text span inherit visibleFrom="sm">
                Uptime,{' '}
              </Text>
              {days} days
            </Text>
            {loading ? (
              <Skeleton h={20} w={70} mt={4} />
            ) : (
              <Text
                fz={{ base: 16, sm: 18 }}
                fw={700}
                c={window?.within_history === false ? 'dimmed' : undefined}
                data-testid={`uptime-${days}-days`}
                title={window?.within_history === false ? "Further back than your plan's history" : undefined}
              >
                {uptimeWindowText(window)}
              </Text>
            )}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
