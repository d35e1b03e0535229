import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { Metric, RawProbeRecord } from '@paydar/contracts/metrics';
import type { DaySpan } from '@paydar/domain/local-day';
import { useMemo, useState } from 'react';
import { Chart } from '@/components/chart/chart';
import { ChartLegend } from '@/components/chart/chart-legend';
import { STATUS_COLOURS, STATUS_LABELS } from '@/components/chart/palette';
import { formatTime, type TimeSettings } from '@/lib/date-time';
import {
  clockOption,
  clockSegments,
  clockSlotMs,
  markDowntimes,
  observedUptime,
  slotStatuses,
  withPausedSpans,
} from './clock-data';

export type StatusClockProps = {
  /** The day shown, [start, end): the viewer's, 23 to 25 hours. */
  day: DaySpan;
  records: readonly RawProbeRecord[];
  /** The day's downtimes, when the metric could be read: they mark the stretches they cover as down. */
  downtimes?: Metric['downtimes'];
  /** The day's paused spans, from the metric too: drawn as the owner's detail draws them, neither up nor down. */
  paused?: Metric['paused'];
  /** The day's maintenance spans, from the metric too: neither up nor down. */
  maintenance?: Metric['maintenance'];
  periodSeconds: number;
  /** Epoch ms; an ongoing pause is drawn up to it. */
  now?: number;
  /** The zone the day was cut in (its midnight on top): the tooltips' times are in it. UTC by default. */
  timeSettings?: TimeSettings;
};

const legend = (['up', 'down', 'paused', 'maintenance', 'none'] as const).map((status) => ({
  label: STATUS_LABELS[status],
  colour: STATUS_COLOURS[status],
}));

const NO_DOWNTIMES: Metric['downtimes'] = [];
const NO_PAUSES: Metric['paused'] = [];

/** The circular 24-hour chart of one monitor's day, with the day's observed uptime (spec §2, §9); paused time is neither. */
export function StatusClock({
  day,
  records,
  downtimes = NO_DOWNTIMES,
  paused = NO_PAUSES,
  maintenance = NO_PAUSES,
  periodSeconds,
  now,
  timeSettings,
}: StatusClockProps) {
  const [shownAt] = useState(Date.now);
  const at = now ?? shownAt;
  const { option, uptime } = useMemo(() => {
    const slotMs = clockSlotMs(periodSeconds);
    const statuses = markDowntimes(slotStatuses(records, day, slotMs), downtimes, day, slotMs);
    const segments = withPausedSpans(clockSegments(statuses, day, slotMs), paused, day, at, maintenance);
    const zone = timeSettings
      ? { name: timeSettings.timeZone, time: (ms: number) => formatTime(ms, timeSettings, 'hour-minute') }
      : undefined;
    return { option: clockOption(segments, zone, day), uptime: observedUptime(segments) };
  }, [records, downtimes, paused, maintenance, day, periodSeconds, at, timeSettings]);

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
