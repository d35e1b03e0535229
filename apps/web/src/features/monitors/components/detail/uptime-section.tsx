import { Box, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { Metric } from '@paydar/contracts/metrics';
import { isShortDowntime } from '@paydar/domain/downtimes';
import { formatSeconds } from '@paydar/domain/format';
import { DAY_MS } from '@paydar/domain/time';
import { useState } from 'react';
import type { MetricDay } from '../../api/get-metric';
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
  const now = Date.parse(metric.fetch_time);
  const firstCheck = metric.first_check_at === null ? end : Date.parse(metric.first_check_at);
  const watchedFrom = Math.min(end, Math.max(start, firstCheck));
  const watchedTo = Math.max(watchedFrom, Math.min(end, now));
  const percent = (instant: number) => `${((Math.min(end, Math.max(start, instant)) - start) / DAY_MS) * 100}%`;
  const width = (from: number, to: number) => `${((Math.max(from, to) - from) / DAY_MS) * 100}%`;
  return (
    <Box>
      <Box
        role="img"
        aria-label={`Timeline of the day: ${metric.downtimes.length} downtimes`}
        pos="relative"
        h={18}
        bg="gray.2"
        style={{ borderRadius: 4, overflow: 'hidden' }}
      >
        <Box
          pos="absolute"
          top={0}
          bottom={0}
          bg="teal.5"
          style={{ left: percent(watchedFrom), width: width(watchedFrom, watchedTo) }}
        />
        {metric.downtimes.map((row) => {
          const from = Math.max(start, Date.parse(row.from_time));
          const to = Math.min(end, row.to_time === null ? now : Date.parse(row.to_time));
          const label = `${formatDetailTime(row.from_time, day)} – ${
            row.to_time === null ? 'Now' : formatDetailTime(row.to_time, day)
          } (${formatSeconds(row.duration)})`;
          const small = isShortDowntime(row.duration);
          return (
            <Tooltip key={row.from_time} label={label} withArrow>
              <Box
                data-small={small || undefined}
                pos="absolute"
                top={small ? 3 : 0}
                bottom={small ? 3 : 0}
                bg="red.6"
                style={{
                  left: percent(from),
                  width: small ? SMALL_MARK_PX : width(from, to),
                  minWidth: SMALL_MARK_PX,
                  borderRadius: small ? 2 : 0,
                }}
              />
            </Tooltip>
          );
        })}
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
