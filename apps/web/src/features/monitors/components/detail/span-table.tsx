import { Box, Button, Group, Table, Text } from '@mantine/core';
import { formatSeconds } from '@paydar/domain/format';
import { useState } from 'react';
import { useFormatTime } from '@/lib/time-settings';
import { useNow } from '@/lib/use-now';

/** Spec §9: the downtimes table shows this many rows until 'Show more'. */
export const DOWNTIMES_PAGE_SIZE = 10;

/** A row of the downtimes or paused list: `to_time` null while it goes on. */
export type SpanRow = {
  from_time: string;
  to_time: string | null;
  duration: number;
  ended_by?: string | null;
  /** Why a downtime began (the failing checks' status or error); the column shows when a row has one. */
  reason?: string | null;
};

type SpanTableProps = {
  /** The heading and the table's accessible name, e.g. 'Downtimes'. */
  title: string;
  rows: SpanRow[];
};

/** When a span ended: 'Now' while it goes on; a downtime the monitor's pause ended says so. */
function endText(row: SpanRow, format: (instant: string) => string): string {
  if (row.to_time === null) return 'Now';
  const time = format(row.to_time);
  if (row.ended_by === 'maintenance') return `${time} (maintenance)`;
  return row.ended_by === 'pause' ? `${time} (paused)` : time;
}

/** A span still going on lasts until now: its duration, as the figures gave it, grows by itself from then. */
function OngoingDuration({ seconds }: { seconds: number }) {
  const [since] = useState(Date.now);
  const now = useNow();
  return formatSeconds(seconds + Math.max(0, Math.floor((now - since) / 1000)));
}

/** From, To and Duration of each span (and a downtime's reason), newest first, 10 rows until 'Show more' (spec §9). */
export function SpanTable({ title, rows }: SpanTableProps) {
  const [expanded, setExpanded] = useState(false);
  const format = useFormatTime();
  const shown = expanded ? rows : rows.slice(0, DOWNTIMES_PAGE_SIZE);
  const withReason = rows.some((row) => row.reason);
  return (
    <Box>
      <Text size="sm" fw={600} mb={4}>
        {title} ({rows.length})
      </Text>
      <Table.ScrollContainer minWidth={320}>
        <Table striped fz="sm" verticalSpacing={6} aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>From</Table.Th>
              <Table.Th>To</Table.Th>
              <Table.Th>Duration</Table.Th>
              {withReason && <Table.Th>Reason</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={row.from_time}>
                <Table.Td>{format(row.from_time)}</Table.Td>
                <Table.Td>{endText(row, format)}</Table.Td>
                <Table.Td>
                  {row.to_time === null ? (
                    <OngoingDuration key={row.duration} seconds={row.duration} />
                  ) : (
                    formatSeconds(row.duration)
                  )}
                </Table.Td>
                {withReason && (
                  <Table.Td style={{ overflowWrap: 'anywhere' }} maw={360}>
                    {row.reason ?? '—'}
                  </Table.Td>
                )}
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
  );
}
