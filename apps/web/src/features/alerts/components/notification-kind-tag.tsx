import { Badge } from '@mantine/core';
import type { AlertKind } from '@paydar/contracts/alert-events';
import { ALERT_KIND_TAGS } from './notification-labels';

/** What an alert was about, as a coloured tag; rows older than the kinds show a dash. */
export function NotificationKindTag({ kind }: { kind: AlertKind | null }) {
  if (!kind) return <span title="Sent before alerts recorded their kind">—</span>;
  const tag = ALERT_KIND_TAGS[kind];
  return (
    <Badge variant="light" color={tag.color} size="sm" tt="none" style={{ flexShrink: 0 }}>
      {tag.label}
    </Badge>
  );
}
