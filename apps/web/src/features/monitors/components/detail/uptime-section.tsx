import { Box, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { Metric } from '@paydar/contracts/metrics';
import { formatSeconds } from '@paydar/domain/format';
import { DAY_MS } from '@paydar/domain/time';
import { useState } from 'react';
import { STATUS_COLOURS } from '@/components/chart/palette';
import type { MetricDay } from '../../api/get-metric';
import { metricTimeline } from '../metric-timeline';
import { SectionCard } from '../sections/section-card';
import { formatDetailTime, shownDayStart } from './detail-time';

/** Spec §9: the downtimes table shows this many rows until 'Show more'. */
export const DOWNTIMES_PAGE_SIZE = 10;

type UptimeSectionProps = {
  metric: Pick<Metric, 'downtimes' | 'first_check_at' | 'fetch_time'>;
  day: MetricDay;
};

/** '99.87%', '100%': two decimals at most, so a short outage still shows. */
export function formatUptime(percent: number | null): string {
  return percent === null ? '—' : `${Number(percent.toFixed(2))}%`;
}

/** The day's timeline, then the downtimes table (spec §2); the uptime figure stands above, in the summary. */
export function UptimeSection({ metric, day }: UptimeSectionProps) {
  const [expanded, setExpanded] = useState(false);
  const rows = metric.downtimes;
  const shown = expanded ? rows : rows.slice(0, DOWNTIMES_PAGE_SIZE);
  return (
    <SectionCard title="Uptime and downtimes" testId="section-uptime">
      <Stack gap="md">
        <DayTimeline metric={metric} day={day} />
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            No downtimes on this day.
          </Text>
        ) : (
          <Box>
            <Text size="sm" fw={600} mb={4}>
              Downtimes ({rows.length})
            </Text>
            <Table.ScrollContainer minWidth={320}>
              <Table striped fz="sm" verticalSpacing={6} aria-label="Downtimes">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>From</Table.Th>
                    <Table.Th>To</Table.Th>
                    <Table.Th>Duration</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((row) => (
                    <Table.Tr key={row.from_time}>
                      <Table.Td>{formatDetailTime(row.from_time, day)}</Table.Td>
                      <Table.Td>{row.to_time === null ? 'Now' : formatDetailTime(row.to_time, day)}</Table.Td>
                      <Table.Td>{formatSeconds(row.duration)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {rows.length > DOWNTIMES_PAGE_SIZE && (
              <Group justify="center" mt="xs">
                <Button variant="subtle" size="xs" onClick={() => setExpanded((value) => !value)}>
                  {expanded ? 'Show less' : 'Show more'}
                </Button>
              </Group>
            )}
          </Box>
        )}
      </Stack>
    </SectionCard>
  );
}

/** A mark narrower than this would vanish; downtimes under 300 s are drawn at this width (spec §9). */
const SMALL_MARK_PX = 3;

/**
 * The shown UTC day as a bar: green while watched and up, red where down, grey before the first
 * check and after now. A downtime under 300 s is a small mark of fixed width.
 */
function DayTimeline({ metric, day }: UptimeSectionProps) {
  const start = shownDayStart(day, metric.fetch_time);
  const end = start + DAY_MS;
  const { segments, marks } = metricTimeline(metric, start);
  const now = Date.parse(metric.fetch_time);
  const until = (to: number) =>
    to >= Math.min(end, now) && metric.downtimes.some((row) => row.to_time === null)
      ? 'Now'
      : formatDetailTime(to, day);
  return (
    <Box>
      <Box
        role="img"
        aria-label={`Timeline of the day: ${metric.downtimes.length} downtimes`}
        pos="relative"
        h={18}
        style={{ borderRadius: 4, overflow: 'hidden', background: STATUS_COLOURS.none }}
      >
        {segments.map((segment) =>
          segment.status === 'none' ? null : (
            <Tooltip
              key={segment.from}
              disabled={segment.status !== 'down'}
              label={`${formatDetailTime(segment.from, day)} – ${until(segment.to)} (${formatSeconds(Math.round((segment.to - segment.from) / 1000))})`}
              withArrow
            >
              <Box
                data-status={segment.status}
                pos="absolute"
                top={0}
                bottom={0}
                style={{
                  left: `${segment.offset * 100}%`,
                  width: `${segment.width * 100}%`,
                  background: STATUS_COLOURS[segment.status],
                }}
              />
            </Tooltip>
          ),
        )}
        {marks.map((mark) => (
          <Tooltip key={mark.at} label={`${formatDetailTime(mark.at, day)} (${formatSeconds(mark.seconds)})`} withArrow>
            <Box
              data-small
              pos="absolute"
              top={3}
              bottom={3}
              style={{
                left: `${mark.offset * 100}%`,
                width: SMALL_MARK_PX,
                borderRadius: 2,
                background: STATUS_COLOURS.down,
              }}
            />
          </Tooltip>
        ))}
      </Box>
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          {formatDetailTime(start, day, 'MMM Do, HH:mm')}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDetailTime(end, day, 'MMM Do, HH:mm')}
        </Text>
      </Group>
    </Box>
  );
}
