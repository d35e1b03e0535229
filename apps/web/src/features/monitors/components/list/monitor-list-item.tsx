import { ActionIcon, Badge, Group, Menu, Text } from '@mantine/core';
import type { MonitorSummary } from '@paydar/contracts/monitor-summary';
import { PROTOCOL_LABELS } from '@paydar/contracts/monitors-options';
import { displayName } from '@paydar/domain/display-name';
import {
  CONFIRMING_TEXT,
  DISABLED_TEXT,
  lastResult,
  type MonitorStatus,
  monitorStatus,
} from '@paydar/domain/monitor-status';
import { memo } from 'react';
import { Link } from 'react-router';
import { STATUS_COLOURS } from '@/components/chart/palette';
import { ShareIcon } from '@/components/icons';
import { useListItemMetric } from '../../hooks/use-list-item-metric';
import { ApdexBars } from './apdex-bars';
import { DotsIcon, EditIcon, TrashIcon } from './list-icons';
import { UptimeStrip } from './uptime-strip';

/** Height of one list item, gap included: the virtualizer places items by it. */
export const LIST_ITEM_HEIGHT = 96;
const GAP = 8;

export type MonitorAction = 'edit' | 'share' | 'remove';

type MonitorListItemProps = {
  monitor: MonitorSummary;
  selected: boolean;
  onAction: (action: MonitorAction, monitor: MonitorSummary) => void;
  /** History state the item's link carries. */
  linkState?: unknown;
  /** Why this account may change nothing (the demo): Edit and Remove are disabled, titled with it. */
  readOnly?: string | null;
};

const STATUS_DOT: Record<MonitorStatus, string> = {
  up: STATUS_COLOURS.up,
  down: STATUS_COLOURS.down,
  confirming: STATUS_COLOURS.confirming,
  disabled: STATUS_COLOURS.paused,
  pending: STATUS_COLOURS.none,
};

const STATUS_TEXT: Record<MonitorStatus, string> = {
  up: 'Up',
  down: 'Down',
  confirming: CONFIRMING_TEXT,
  disabled: DISABLED_TEXT,
  pending: 'Waiting for the first check',
};

/** The colour of the last result: 2xx/3xx and 'OK' read as good, anything else as a failure. */
function resultColour(result: string, status: MonitorStatus): string {
  if (status === 'disabled') return 'gray';
  if (/^[23]\d\d$/.test(result) || result === 'OK') return 'teal';
  return 'red';
}

/**
 * One monitor in the list (spec §2): protocol, name, last result, today's uptime strip, the last
 * day's apdex bars and the Edit / Share / Remove menu. Its figures load only while it is shown.
 */
export const MonitorListItem = memo(function MonitorListItem({
  monitor,
  selected,
  onAction,
  linkState,
  readOnly = null,
}: MonitorListItemProps) {
  const { data: metric } = useListItemMetric(monitor.id);
  const status = monitorStatus(monitor, metric);
  const result = lastResult(monitor, metric);
  const name = displayName(monitor);
  const down = status === 'down';
  return (
    <div
      data-testid="monitor-item"
      data-monitor-id={monitor.id}
      data-status={status}
      style={{ position: 'relative', height: LIST_ITEM_HEIGHT - GAP }}
    >
      <Link
        to={`/monitor/${monitor.id}`}
        state={linkState}
        aria-current={selected ? 'page' : undefined}
        aria-label={[name, STATUS_TEXT[status], result].filter(Boolean).join(', ')}
        style={{
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          height: '100%',
          padding: '10px 12px',
          borderRadius: 'var(--mantine-radius-md)',
          border: `1px solid ${selected ? 'var(--mantine-color-blue-5)' : down ? 'var(--paydar-down-border)' : 'var(--paydar-card-border)'}`,
          boxShadow: selected ? 'inset 3px 0 0 var(--mantine-color-blue-6)' : undefined,
          background: selected
            ? 'var(--mantine-color-blue-light)'
            : down
              ? 'var(--mantine-color-red-light)'
              : 'var(--mantine-color-body)',
          color: 'inherit',
          textDecoration: 'none',
        }}
      >
        <Group gap={8} wrap="nowrap" pr={28}>
          <span
            title={STATUS_TEXT[status]}
            style={{ width: 8, height: 8, borderRadius: 4, flex: 'none', background: STATUS_DOT[status] }}
          />
          <Badge size="xs" variant="light" color="gray" radius="sm" style={{ flex: 'none' }}>
            {PROTOCOL_LABELS[monitor.protocol_type]}
          </Badge>
          {status === 'disabled' ? (
            <Badge size="xs" variant="filled" color="gray" radius="sm" style={{ flex: 'none' }}>
              {DISABLED_TEXT}
            </Badge>
          ) : down ? (
            <Badge size="xs" variant="filled" color="red" radius="sm" style={{ flex: 'none' }}>
              Down
            </Badge>
          ) : status === 'confirming' ? (
            <Badge size="xs" variant="light" color="orange" radius="sm" style={{ flex: 'none' }}>
              {CONFIRMING_TEXT}
            </Badge>
          ) : status === 'up' && monitor.is_slow ? (
            // Slow by its slow-response rule (issue 14); the reason is on the detail.
            <Badge size="xs" variant="filled" color="yellow" radius="sm" style={{ flex: 'none' }}>
              Slow
            </Badge>
          ) : null}
          {monitor.is_flapping && status !== 'disabled' && (
            <Badge
              size="xs"
              variant="light"
              color="grape"
              radius="sm"
              style={{ flex: 'none' }}
              title="Its alerts wait until it is stable"
            >
              Flapping
            </Badge>
          )}
          {result !== null && (
            <Text
              size="xs"
              fw={600}
              c={resultColour(result, status)}
              truncate
              title={result}
              data-testid="last-result"
              style={{ minWidth: 0 }}
            >
              {result}
            </Text>
          )}
        </Group>
        <Text size="sm" fw={600} truncate title={name}>
          {name}
        </Text>
        <Group gap={10} wrap="nowrap" align="flex-end">
          <UptimeStrip metric={metric} />
          <ApdexBars apdexPercents={metric?.last_day_hourly_metrics.apdex_percents} />
        </Group>
      </Link>
      <Menu position="bottom-end" withinPortal shadow="md" width={170}>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Actions for ${name}`}
            style={{ position: 'absolute', top: 6, right: 6 }}
          >
            <DotsIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<EditIcon />}
            disabled={readOnly !== null}
            title={readOnly ?? undefined}
            onClick={() => onAction('edit', monitor)}
          >
            Edit
          </Menu.Item>
          <Menu.Item leftSection={<ShareIcon size={16} />} onClick={() => onAction('share', monitor)}>
            Share
          </Menu.Item>
          <Menu.Item
            leftSection={<TrashIcon />}
            color="red"
            disabled={monitor.is_protected || readOnly !== null}
            title={readOnly ?? (monitor.is_protected ? "You can't delete protected monitors." : undefined)}
            onClick={() => onAction('remove', monitor)}
          >
            Remove
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </div>
  );
});
