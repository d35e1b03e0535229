import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { Metric, RawProbeRecord } from '@paydar/contracts/metrics';
import { useMemo } from 'react';
import { Chart } from '@/components/chart/chart';
import { ChartLegend } from '@/components/chart/chart-legend';
import { STATUS_COLOURS } from '@/components/chart/palette';
import { clockOption, clockSegments, clockSlotMs, markDowntimes, observedUptime, slotStatuses } from './clock-data';

export type StatusClockProps = {
  /** 00:00 UTC of the day shown. */
  dayStart: number;
  records: readonly RawProbeRecord[];
  /** The day's downtimes, when the metric could be read: they mark the stretches they cover as down. */
  downtimes?: Metric['downtimes'];
  periodSeconds: number;
};

const legend = [
  { label: 'Up', colour: STATUS_COLOURS.up },
  { label: 'Down', colour: STATUS_COLOURS.down },
  { label: 'No data', colour: STATUS_COLOURS.none },
] as const;

const NO_DOWNTIMES: Metric['downtimes'] = [];

/** The circular 24-hour chart of one monitor's day, with the day's observed uptime (spec §2, §9). */
export function StatusClock({ dayStart, records, downtimes = NO_DOWNTIMES, periodSeconds }: StatusClockProps) {
  const { option, uptime } = useMemo(() => {
    const slotMs = clockSlotMs(periodSeconds);
    const statuses = markDowntimes(slotStatuses(records, dayStart, slotMs), downtimes, dayStart, slotMs);
    return { option: clockOption(clockSegments(statuses, dayStart, slotMs)), uptime: observedUptime(statuses) };
  }, [records, downtimes, dayStart, periodSeconds]);

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="status-clock">
      <Stack gap="xs" align="center">
        <Group gap="lg" justify="center" wrap="wrap">
          <Text size="sm">
            <Text span c="dimmed">
              Uptime{' '}
            </Text>
            <Text span fw={700} data-testid="clock-uptime">
              {uptime === null ? 'no checks' : `${uptime}%`}
            </Text>
          </Text>
          <ChartLegend items={legend} />
        </Group>
        <Box w="100%" maw={520}>
          <Chart
            option={option}
            height={420}
            ariaLabel="Up and down over the day on a 24-hour clock"
            testId="chart-status-clock"
          />
        </Box>
      </Stack>
    </Paper>
  );
}
