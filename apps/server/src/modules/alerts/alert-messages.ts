import { formatDuration } from '@paydar/domain/format';
import type { AlertFacts } from '../../db/schema/notifications';
import { isSlowKind, slowLines, slowSms, slowSubject } from './alert-messages-slow';

/** What each kind of channel says about one transition. Pure: the facts were fixed at dispatch. */

const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

/** How long the downtime lasted (recovery) or has lasted so far. */
function outageLength(facts: AlertFacts): string | undefined {
  if (!facts.downtime?.toTime) return undefined;
  return formatDuration(Date.parse(facts.downtime.toTime) - Date.parse(facts.downtime.fromTime));
}

export function monitorLink(facts: AlertFacts, dashboardUrl: string): string {
  return `${dashboardUrl.replace(/\/$/, '')}/monitor/${facts.monitor.id}`;
}

export function alertSubject(facts: AlertFacts, product: string): string {
  if (isSlowKind(facts.kind)) return slowSubject(facts, product);
  return `[${product}] ${facts.kind === 'down' ? 'DOWN' : 'UP'}: ${facts.monitor.name}`;
}

/** The longer message: mail body and Telegram. */
export function alertText(facts: AlertFacts, product: string, dashboardUrl: string): string {
  const lines = isSlowKind(facts.kind)
    ? slowLines(facts)
    : facts.kind === 'down'
      ? [
          `${facts.monitor.name} is DOWN since ${utc(facts.at)}.`,
          facts.reason ? `Reason: ${facts.reason}.` : undefined,
          'Most of its probers see it failing.',
        ]
      : [
          `${facts.monitor.name} is UP again since ${utc(facts.at)}.`,
          outageLength(facts)
            ? `It was down for ${outageLength(facts)} (from ${utc(facts.downtime?.fromTime ?? facts.at)}).`
            : undefined,
        ];
  return [...lines.filter(Boolean), '', `Details: ${monitorLink(facts, dashboardUrl)}`, `— ${product}`].join('\n');
}

/** One SMS: short enough for a single part in most cases. */
export function alertSms(facts: AlertFacts, product: string): string {
  if (isSlowKind(facts.kind)) return slowSms(facts, product);
  if (facts.kind === 'down')
    return `${product}: ${facts.monitor.name} is DOWN since ${utc(facts.at)}${facts.reason ? ` (${facts.reason})` : ''}.`;
  const length = outageLength(facts);
  return `${product}: ${facts.monitor.name} is UP again${length ? ` after ${length} down` : ''}.`;
}

/** Read out by the voice call (down alerts only). */
export function alertCallText(facts: AlertFacts, product: string): string {
  return `${product} alert. Your monitor ${facts.monitor.name} is down. Please check it.`;
}

/**
 * The JSON body of a webhook delivery (documented in the alerts README). Field names follow the
 * API's snake_case; times are ISO 8601 UTC.
 */
export function webhookPayload(facts: AlertFacts, notificationId: number, dashboardUrl: string) {
  const downtime = facts.downtime;
  return {
    event: isSlowKind(facts.kind) ? `monitor.${facts.kind}` : facts.kind === 'down' ? 'monitor.down' : 'monitor.up',
    notification_id: notificationId,
    state: facts.kind,
    time: facts.at,
    monitor: {
      id: facts.monitor.id,
      name: facts.monitor.name,
      protocol_type: facts.monitor.protocolType,
      url: facts.monitor.url,
      host: facts.monitor.host,
      link: monitorLink(facts, dashboardUrl),
    },
    reason: facts.reason,
    downtime: downtime
      ? {
          from_time: downtime.fromTime,
          to_time: downtime.toTime,
          duration_seconds: downtime.toTime
            ? Math.round((Date.parse(downtime.toTime) - Date.parse(downtime.fromTime)) / 1000)
            : null,
        }
      : null,
  };
}
