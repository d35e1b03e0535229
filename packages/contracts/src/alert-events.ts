/**
 * What an alert is about (issue 14). A monitor event is written to the `monitor_events` outbox by
 * whatever decides it (ingest for down/up, slow responses and certificate expiry, the alert rules for flapping and
 * reminders); dispatch turns each into one notification per channel. A channel test is not a
 * monitor event: it is sent from the Alert Center and kept in the history as kind `test`.
 */
export const MONITOR_EVENT_KINDS = [
  'down',
  'up',
  'flapping',
  'reminder',
  'slow',
  'slow_recovered',
  'certificate_expiry',
] as const;
export type MonitorEventKind = (typeof MONITOR_EVENT_KINDS)[number];

export const ALERT_KINDS = [...MONITOR_EVENT_KINDS, 'test'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
