import { ActionIcon, Anchor, Badge, Box, Group, Paper, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import type { Metric, PublicMonitor } from '@paydar/contracts/metrics';
import type { SlowStatus } from '@paydar/contracts/slow-alert';
import { displayName, isHttp } from '@paydar/domain/display-name';
import {
  CONFIRMING_TEXT,
  DISABLED_TEXT,
  lastResult,
  type MonitorStatus,
  monitorStatus,
} from '@paydar/domain/monitor-status';
import type { ReactNode } from 'react';
import { ExternalLinkIcon, RefreshIcon, ShareIcon } from '@/components/icons';
import { useProfile } from '@/lib/auth';
import { formatDateName } from '@/lib/date-time';
import { useFormatTime, useTimeSettings } from '@/lib/time-settings';
import { useNow } from '@/lib/use-now';
import type { MetricDay } from '../../api/get-metric';
import { ArrowLeftIcon, CalendarIcon, TerminalIcon } from './detail-icons';

export type DetailPopup = 'date' | 'command' | 'share';

/** Spec §2: the tooltip of the 'Now' time, which is when the figures were computed. */
export const REFRESH_HINT = 'Use the refresh button to fetch new updates';

export type DetailStatus = 'Up' | 'Down' | 'Maintenance' | typeof CONFIRMING_TEXT | typeof DISABLED_TEXT;

const statusWord: Record<MonitorStatus, DetailStatus | null> = {
  disabled: DISABLED_TEXT,
  down: 'Down',
  confirming: CONFIRMING_TEXT,
  up: 'Up',
  pending: null,
};

/**
 * The status word (spec §4), by the same rule as the list: 'Disable' for a disabled monitor; 'Down'
 * only while the figures say down and the monitor is enabled; none before the first check. Inside a
 * maintenance window (issue 14) its checks judge nothing, so it says 'Maintenance' rather than up or down.
 */
export function detailStatus(enabled: boolean, metric: Metric | undefined): DetailStatus | null {
  if (enabled && metric?.in_maintenance_until) return 'Maintenance';
  return statusWord[monitorStatus({ is_enabled: enabled }, metric)];
}

/**
 * Why the open downtime began, when the checks said more than its status code: a failed assertion
 * ("Keyword "Error" found") beside a 200 would otherwise read as a contradiction. A bare "HTTP 503"
 * repeats the status badge, so it is left out. Shared views never carry a reason.
 */
export function openDowntimeReason(metric: Metric | undefined): string | null {
  const reason = metric?.downtimes.find((row) => row.to_time === null)?.reason?.trim();
  if (!reason || /^HTTP \d{3}$/.test(reason)) return null;
  return reason;
}

const statusColor: Record<DetailStatus, string> = {
  Up: 'teal',
  Down: 'red',
  Maintenance: 'blue',
  [CONFIRMING_TEXT]: 'orange',
  Disable: 'gray',
};

type DetailHeaderProps = {
  monitor: PublicMonitor;
  metric: Metric | undefined;
  day: MetricDay;
  /** Shared views have no refresh, share or toggle (spec §6). */
  shared: boolean;
  enabled: boolean;
  toggle: { busy: boolean; onToggle: () => void } | null;
  /** Why this account may change nothing (the demo): the Enabled switch shows disabled with it as its tooltip. */
  readOnly?: string | null;
  refreshing: boolean;
  onRefresh: () => void;
  onOpen: (popup: DetailPopup) => void;
  onBack?: () => void;
  /** Slow by its slow-response rule now (issue 14): shown while it is up. */
  slow?: SlowStatus;
};

/** The top of the detail panel (spec §2): status, name, target link, times, and the panel's buttons. */
export function DetailHeader(props: DetailHeaderProps) {
  const { monitor, metric, day, shared, enabled, toggle } = props;
  const status = detailStatus(enabled, metric);
  const result = metric ? lastResult(monitor, metric) : null;
  const slow = status === 'Up' ? (props.slow ?? null) : null;
  const downReason = status === 'Down' ? openDowntimeReason(metric) : null;
  const formatTime = useFormatTime();
  const { calendar } = useTimeSettings();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: '1 1 280px', minWidth: 0 }}>
          {props.onBack && (
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Back to the list" onClick={props.onBack}>
              <ArrowLeftIcon />
            </ActionIcon>
          )}
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="nowrap">
              {status && (
                <Badge color={statusColor[status]} variant="filled" radius="sm" style={{ flexShrink: 0 }}>
                  {status}
                </Badge>
              )}
              {slow && (
                <Badge color="yellow" variant="filled" radius="sm" style={{ flexShrink: 0 }}>
                  Slow
                </Badge>
              )}
              {'is_flapping' in monitor && monitor.is_flapping === true && enabled && (
                <Tooltip label="Changing state often: its alerts wait until it is stable" withArrow>
                  <Badge color="grape" variant="light" radius="sm" style={{ flexShrink: 0 }}>
                    Flapping
                  </Badge>
                </Tooltip>
              )}
              {result !== null && (
                <Badge color="gray" variant="outline" radius="sm" maw={160} style={{ flexShrink: 0 }}>
                  {result}
                </Badge>
              )}
              <Title
                order={2}
                fz={{ base: 'md', sm: 'lg' }}
                fw={700}
                lineClamp={1}
                style={{ minWidth: 0, wordBreak: 'break-all' }}
              >
                {displayName(monitor)}
              </Title>
            </Group>
            {isHttp(monitor) && monitor.url && (
              <Anchor
                href={monitor.url}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                c="dimmed"
                style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minWidth: 0 }}
              >
                <Text span inherit truncate="end">
                  {monitor.url}
                </Text>
                <ExternalLinkIcon size={13} style={{ flexShrink: 0 }} />
              </Anchor>
            )}
            {downReason && (
              <Text size="sm" c="red.7" lineClamp={2} style={{ wordBreak: 'break-word' }} data-testid="down-reason">
                {downReason}
              </Text>
            )}
            {slow && (
              <Text size="sm" c="yellow.9" data-testid="slow-reason">
                {slow.reason}
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap={6} wrap="nowrap" ml="auto">
          {toggle && (
            <Tooltip label={props.readOnly ?? (enabled ? 'Enabled' : 'Disabled')} withArrow multiline maw={260}>
              <Box title={props.readOnly ?? undefined} data-read-only={props.readOnly ? true : undefined}>
                <Switch
                  aria-label="Enabled"
                  checked={enabled}
                  disabled={toggle.busy || Boolean(props.readOnly)}
                  onChange={props.readOnly ? undefined : toggle.onToggle}
                  size="md"
                  mr={4}
                />
              </Box>
            </Tooltip>
          )}
          {!shared && (
            <HeaderButton
              label={day === 'today' ? 'Refresh' : 'Go Today'}
              onClick={props.onRefresh}
              loading={props.refreshing}
            >
              <RefreshIcon />
            </HeaderButton>
          )}
          {!shared && (
            <HeaderButton label="Share" onClick={() => props.onOpen('share')}>
              <ShareIcon />
            </HeaderButton>
          )}
          {/* A heartbeat has no check to run from a terminal (its ping examples are in its panel). */}
          {props.monitor.terminal_command && (
            <HeaderButton label="Command" onClick={() => props.onOpen('command')}>
              <TerminalIcon />
            </HeaderButton>
          )}
          <HeaderButton label="Date" onClick={() => props.onOpen('date')}>
            <CalendarIcon />
          </HeaderButton>
        </Group>
      </Group>
      <Group gap="lg" mt="sm" style={{ rowGap: 4 }}>
        {metric?.last_check_at && <TimeItem label="Last Check" value={formatTime(metric.last_check_at)} />}
        {day === 'today' && metric && (
          <Tooltip label={REFRESH_HINT} withArrow disabled={shared}>
            <Box data-hint>
              <NowItem fetchTime={metric.fetch_time} />
            </Box>
          </Tooltip>
        )}
        {day !== 'today' && <TimeItem label="Day" value={formatDateName(day, calendar)} testId="shown-day" />}
        {shared && day === 'today' && <ZoneItem />}
      </Group>
    </Paper>
  );
}

function HeaderButton(props: { label: string; onClick: () => void; loading?: boolean; children: ReactNode }) {
  return (
    <Tooltip label={props.label} withArrow>
      <ActionIcon variant="default" size="lg" aria-label={props.label} onClick={props.onClick} loading={props.loading}>
        {props.children}
      </ActionIcon>
    </Tooltip>
  );
}

/** Today's "Now": the clock, moving by itself (live updates keep the figures current), never before the figures. */
function NowItem({ fetchTime }: { fetchTime: string }) {
  const now = useNow();
  const formatTime = useFormatTime();
  return <TimeItem label="Now" value={formatTime(Math.max(now, Date.parse(fetchTime)))} />;
}

/**
 * A shared page's visitor has no say in the owner's settings: the times are in their own zone — the
 * profile's when signed in, else the browser's — and the page says which (issue 15).
 */
function ZoneItem() {
  const { timeZone } = useTimeSettings();
  const { data: me } = useProfile();
  const whose = me ? "your profile's zone" : "your browser's zone";
  return <TimeItem label="Times in" value={`${timeZone} (${whose})`} testId="time-zone-note" />;
}

function TimeItem({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group gap={6} wrap="nowrap" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Group>
  );
}
