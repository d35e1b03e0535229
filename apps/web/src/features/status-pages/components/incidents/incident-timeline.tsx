import { Badge, Group, Text, Timeline, Typography } from '@mantine/core';
import type { IncidentUpdate } from '@paydar/contracts/status-page-incidents';
import { useFormatTime } from '@/lib/time-settings';
import { INCIDENT_STATE_COLORS, INCIDENT_STATE_LABELS } from './incident-state';

/**
 * HTML the server rendered from Markdown and sanitized (its allow-list decides what stays): the one
 * kind of markup this app shows as HTML.
 */
export function ServerHtml({ html }: { html: string }) {
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server (status-page incidents)
    <Typography fz="sm" style={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

/** An incident's updates, newest first, each with its state and time. */
export function IncidentTimeline({ updates }: { updates: readonly IncidentUpdate[] }) {
  const formatTime = useFormatTime();
  return (
    <Timeline bulletSize={12} lineWidth={2} active={updates.length} data-testid="incident-timeline">
      {updates.map((update) => (
        <Timeline.Item
          key={update.id}
          color={INCIDENT_STATE_COLORS[update.state]}
          title={
            <Group gap="xs" wrap="wrap">
              <Badge size="xs" variant="light" color={INCIDENT_STATE_COLORS[update.state]}>
                {INCIDENT_STATE_LABELS[update.state]}
              </Badge>
              <Text size="xs" c="dimmed">
                {formatTime(update.created_at, 'day-time')}
                {update.automatic ? ' · automatic' : ''}
              </Text>
            </Group>
          }
        >
          <ServerHtml html={update.body_html} />
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
