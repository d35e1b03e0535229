import { Badge, Button, Card, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import type { Incident } from '@paydar/contracts/status-page-incidents';
import { useState } from 'react';
import { ReadOnlyTip } from '@/components/read-only-tip';
import { useFormatTime } from '@/lib/time-settings';
import { INCIDENT_STATE_COLORS, INCIDENT_STATE_LABELS } from './incident-state';
import { IncidentTimeline, ServerHtml } from './incident-timeline';

/** What an incident's buttons open; the screen holds the one popup at a time. */
export type IncidentAction = 'update' | 'title' | 'postmortem' | 'remove-postmortem' | 'delete';

type IncidentCardProps = {
  incident: Incident;
  readOnly: string | null;
  onAction: (action: IncidentAction) => void;
};

/** One incident: its state, times, affected monitors, timeline and post-mortem, and what can be done. */
export function IncidentCard({ incident, readOnly, onAction }: IncidentCardProps) {
  const formatTime = useFormatTime();
  const resolved = incident.state === 'resolved';
  const [open, setOpen] = useState(!resolved);
  const disabled = readOnly !== null;
  const action = (label: string, what: IncidentAction, color?: string) => (
    <ReadOnlyTip reason={readOnly}>
      <Button
        size="xs"
        variant={color ? 'subtle' : 'default'}
        color={color}
        disabled={disabled}
        onClick={() => onAction(what)}
      >
        {label}
      </Button>
    </ReadOnlyTip>
  );
  return (
    <Card withBorder radius="md" padding="md" data-testid="incident">
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Badge color={INCIDENT_STATE_COLORS[incident.state]} variant={resolved ? 'light' : 'filled'} size="sm">
            {INCIDENT_STATE_LABELS[incident.state]}
          </Badge>
          {incident.origin === 'auto' && (
            <Badge color="gray" variant="outline" size="sm">
              Opened automatically
            </Badge>
          )}
        </Group>
        <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }}>
          {incident.title}
        </Title>
        <Text size="xs" c="dimmed">
          Started {formatTime(incident.started_at, 'day-time')}
          {incident.resolved_at ? ` · resolved ${formatTime(incident.resolved_at, 'day-time')}` : ''}
        </Text>
        {incident.monitors.length > 0 && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Affects: {incident.monitors.map((entry) => entry.public_name).join(', ')}
          </Text>
        )}
        <Group gap="xs" wrap="wrap">
          {!resolved && action('Post update', 'update')}
          {action('Edit title', 'title')}
          {resolved && action(incident.postmortem ? 'Edit post-mortem' : 'Write post-mortem', 'postmortem')}
          {resolved && incident.postmortem !== null && action('Remove post-mortem', 'remove-postmortem', 'red')}
          {action('Delete', 'delete', 'red')}
          <Button size="xs" variant="subtle" onClick={() => setOpen((value) => !value)} aria-expanded={open}>
            {open
              ? 'Hide updates'
              : `Show ${incident.updates.length === 1 ? '1 update' : `${incident.updates.length} updates`}`}
          </Button>
        </Group>
        <Collapse expanded={open}>
          <Stack gap="sm" pt="xs">
            <IncidentTimeline updates={incident.updates} />
            {incident.postmortem_html && (
              <Stack gap={4} data-testid="incident-postmortem">
                <Text size="sm" fw={600}>
                  Post-mortem
                </Text>
                <ServerHtml html={incident.postmortem_html} />
              </Stack>
            )}
          </Stack>
        </Collapse>
      </Stack>
    </Card>
  );
}
