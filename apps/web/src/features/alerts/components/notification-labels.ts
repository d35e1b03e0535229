import type { AlertKind } from '@paydar/contracts/alert-events';
import type { NotificationHistoryItem } from '@paydar/contracts/notifications';

/** The Event tag of each kind of alert: its word and colour. */
export const ALERT_KIND_TAGS: Record<AlertKind, { label: string; color: string }> = {
  down: { label: 'Down', color: 'red' },
  up: { label: 'Up', color: 'teal' },
  flapping: { label: 'Flapping', color: 'orange' },
  reminder: { label: 'Reminder', color: 'grape' },
  slow: { label: 'Slow', color: 'yellow' },
  slow_recovered: { label: 'Fast again', color: 'cyan' },
  certificate_expiry: { label: 'Certificate expiry', color: 'orange' },
  test: { label: 'Test', color: 'blue' },
};

/** The monitor an alert was about: its URL (HTTP) or host, as it was when alerted. */
export const monitorAddress = (item: NotificationHistoryItem) => item.monitor.url ?? item.monitor.host ?? '—';

/** The monitor as the history names it: its display name when alerted, else its address; a test names none. */
export function monitorLabel(item: NotificationHistoryItem): string {
  if (item.kind === 'test') return 'Channel test';
  return item.monitor.name || monitorAddress(item);
}

/** The Outcome column: Sent, Sending…, or the public message why not. */
export function outcomeOf(item: NotificationHistoryItem): { status: 'sent' | 'sending' | 'failed'; text: string } {
  if (item.state === 'sent' || (item.is_sent && item.state !== 'failed')) return { status: 'sent', text: 'Sent' };
  if (item.state === 'pending' || item.state === 'sending') return { status: 'sending', text: 'Sending…' };
  return { status: 'failed', text: item.public_message || 'Not sent' };
}
