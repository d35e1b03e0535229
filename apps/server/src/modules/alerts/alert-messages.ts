import type { AlertKind } from '@paydar/contracts/alert-events';
import { formatDuration } from '@paydar/domain/format';
import { alertTime } from '@paydar/domain/local-time';
import type { AlertFacts } from '../../db/schema/notifications';

/**
 * What each channel says about one alert, for every kind (issue 14). Pure: the facts (the
 * owner's time zone among them) were fixed at dispatch. Every message carries the reason when
 * the producer gave one and the time in the owner's zone. Texts only — mail goes as text/plain
 * and Telegram without a parse mode — so markup in a monitor's name stays characters.
 */

/** The word a subject and a short message lead with. */
export const HEADLINES: Record<AlertKind, string> = {
  down: 'DOWN',
  up: 'UP',
  flapping: 'FLAPPING',
  reminder: 'STILL DOWN',
  slow: 'SLOW',
  slow_recovered: 'FAST AGAIN',
  certificate_expiry: 'CERTIFICATE EXPIRES',
  test: 'TEST',
};

/** The webhook's `event` per kind (documented in the README). */
export const WEBHOOK_EVENTS: Record<AlertKind, string> = {
  down: 'monitor.down',
  up: 'monitor.up',
  flapping: 'monitor.flapping',
  reminder: 'monitor.reminder',
  slow: 'monitor.slow',
  slow_recovered: 'monitor.slow_recovered',
  certificate_expiry: 'monitor.certificate_expiry',
  test: 'channel.test',
};

/** The webhook's `state`: what the monitor is now, as far as this alert says. */
const WEBHOOK_STATES: Record<AlertKind, 'up' | 'down' | null> = {
  down: 'down',
  up: 'up',
  flapping: null,
  reminder: 'down',
  slow: 'up',
  slow_recovered: 'up',
  certificate_expiry: null,
  test: null,
};

const TEST_TEXT = 'this is a test message';

/**
 * The time of the alert (or of `instant`) in the owner's zone and calendar: '2026-11-26 14:35:12
 * (Asia/Tehran)', or '1405-09-05 14:35:12 (Asia/Tehran)' in Jalali.
 */
export const when = (facts: AlertFacts, instant: string = facts.at) =>
  alertTime(instant, facts.timeZone, facts.calendar ?? 'gregorian');

/** A name on one line: a subject or an SMS must not break where a name holds a line break. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** How long the downtime lasted (recovery) or has lasted until the alert (a reminder). */
export function outageLength(facts: AlertFacts): string | undefined {
  if (!facts.downtime) return undefined;
  const end = facts.downtime.toTime ?? (facts.kind === 'reminder' ? facts.at : null);
  if (!end) return undefined;
  return formatDuration(Date.parse(end) - Date.parse(facts.downtime.fromTime));
}

export function monitorLink(facts: AlertFacts, dashboardUrl: string): string {
  return `${dashboardUrl.replace(/\/$/, '')}/monitor/${facts.monitor.id}`;
}

export function alertSubject(facts: AlertFacts, product: string): string {
  const about = facts.kind === 'test' ? TEST_TEXT : oneLine(facts.monitor.name);
  return `[${product}] ${HEADLINES[facts.kind]}: ${about}`;
}

/** Leaves text as it is: mail and Telegram have no markup to escape. */
const asIs = (text: string) => text;

/**
 * The lines that say what happened, per kind (mail body, Telegram, chat messages). `escapeText` is
 * applied to what came from a user or a target (the monitor's name, the reason), so a chat format
 * can keep its markup out of them.
 */
export function describeAlert(
  facts: AlertFacts,
  product: string,
  escapeText: (text: string) => string = asIs,
): Array<string | undefined> {
  const name = escapeText(facts.monitor.name);
  const reason = facts.reason ? `Reason: ${escapeText(facts.reason)}.` : undefined;
  const length = outageLength(facts);
  switch (facts.kind) {
    case 'down':
      return [`${name} is DOWN since ${when(facts)}.`, reason, 'Most of its probers see it failing.'];
    case 'up':
      return [
        `${name} is UP again since ${when(facts)}.`,
        length && facts.downtime
          ? `It was down for ${length} (from ${when(facts, facts.downtime.fromTime)}).`
          : undefined,
        reason,
      ];
    case 'flapping':
      return [
        `${name} is FLAPPING: it keeps going down and up (noticed ${when(facts)}).`,
        reason,
        'Alerts about it pause until it has been stable for a while; then you get one message with its state.',
      ];
    case 'reminder':
      return [
        `${name} is STILL DOWN at ${when(facts)}.`,
        length && facts.downtime
          ? `It has been down for ${length} (since ${when(facts, facts.downtime.fromTime)}).`
          : undefined,
        reason,
      ];
    case 'slow':
      return [`${name} is responding SLOWLY since ${when(facts)}.`, reason];
    case 'slow_recovered':
      return [`${name} responds at its usual speed again since ${when(facts)}.`, reason];
    case 'certificate_expiry':
      return [
        `${name}: ${certificateLine(facts)}`,
        facts.certificate
          ? `This warning is for the threshold of ${facts.certificate.thresholdDays} ${facts.certificate.thresholdDays === 1 ? 'day' : 'days'}; renew the certificate before then to keep HTTPS working (seen by a check at ${when(facts)}).`
          : undefined,
      ];
    case 'test':
      return [
        `TEST: ${TEST_TEXT} from ${product}, sent ${when(facts)} from the Alert Center.`,
        'This channel works: alerts about your monitors will arrive here. No monitor is affected.',
      ];
  }
}

/** 'expires in 7 days' / 'expires today' / 'expired 3 days ago' (whole days, as the detail shows). */
function expiresIn(daysLeft: number): string {
  if (daysLeft > 1) return `expires in ${daysLeft} days`;
  if (daysLeft === 1) return 'expires in 1 day';
  if (daysLeft === 0) return 'expires within a day';
  return daysLeft === -1 ? 'expired 1 day ago' : `expired ${-daysLeft} days ago`;
}

/** What a certificate warning says: its host, the days left and its valid-to in the owner's zone and calendar. */
function certificateLine(facts: AlertFacts): string {
  const certificate = facts.certificate;
  if (!certificate) return 'Its TLS certificate expires soon.';
  return `The TLS certificate of ${oneLine(certificate.host)} ${expiresIn(certificate.daysLeft)}, on ${when(facts, certificate.validTo)}.`;
}

/** The longer message: mail body and Telegram. */
export function alertText(facts: AlertFacts, product: string, dashboardUrl: string): string {
  const lines = describeAlert(facts, product).filter((line): line is string => Boolean(line));
  const link = facts.kind === 'test' ? [] : [`Details: ${monitorLink(facts, dashboardUrl)}`];
  return [...lines, '', ...link, `— ${product}`].join('\n');
}

/** One SMS: short enough for a single part in most cases. */
export function alertSms(facts: AlertFacts, product: string): string {
  const name = oneLine(facts.monitor.name);
  const why = facts.reason ? ` (${oneLine(facts.reason)})` : '';
  const length = outageLength(facts);
  switch (facts.kind) {
    case 'down':
      return `${product}: ${name} is DOWN since ${when(facts)}${why}.`;
    case 'up':
      return `${product}: ${name} is UP again at ${when(facts)}${length ? ` after ${length} down` : ''}.`;
    case 'flapping':
      return `${product}: ${name} is FLAPPING since ${when(facts)}${why}. Alerts pause until it is stable.`;
    case 'reminder':
      return `${product}: ${name} is STILL DOWN at ${when(facts)}${length ? `, down for ${length}` : ''}${why}.`;
    case 'slow':
      return `${product}: ${name} is SLOW since ${when(facts)}${why}.`;
    case 'slow_recovered':
      return `${product}: ${name} is FAST AGAIN since ${when(facts)}${why}.`;
    case 'certificate_expiry':
      return `${product}: ${name}: ${certificateLine(facts)}`;
    case 'test':
      return `${product}: TEST: ${TEST_TEXT}, sent ${when(facts)}. This channel works.`;
  }
}

/** Read out by the voice call (down alerts only: recipients never get a call for another kind). */
export function alertCallText(facts: AlertFacts, product: string): string {
  return `${product} alert. Your monitor ${oneLine(facts.monitor.name)} is down. Please check it.`;
}

/**
 * The JSON body of a webhook delivery (documented in the alerts README). Field names follow the
 * API's snake_case; `time` is ISO 8601 UTC, `local_time` the same instant in the owner's zone and `calendar`.
 * A channel test has no monitor and no downtime.
 */
export function webhookPayload(facts: AlertFacts, notificationId: number, dashboardUrl: string) {
  const downtime = facts.downtime;
  const zone = facts.timeZone ?? 'UTC';
  return {
    event: WEBHOOK_EVENTS[facts.kind],
    notification_id: notificationId,
    state: WEBHOOK_STATES[facts.kind],
    kind: facts.kind,
    time: facts.at,
    local_time: when(facts),
    time_zone: zone,
    calendar: facts.calendar ?? 'gregorian',
    monitor:
      facts.kind === 'test'
        ? null
        : {
            id: facts.monitor.id,
            name: facts.monitor.name,
            protocol_type: facts.monitor.protocolType,
            url: facts.monitor.url,
            host: facts.monitor.host,
            link: monitorLink(facts, dashboardUrl),
          },
    reason: facts.reason,
    ...(facts.kind === 'certificate_expiry' && facts.certificate
      ? {
          certificate: {
            host: facts.certificate.host,
            valid_to: facts.certificate.validTo,
            local_valid_to: when(facts, facts.certificate.validTo),
            days_left: facts.certificate.daysLeft,
            threshold_days: facts.certificate.thresholdDays,
          },
        }
      : {}),
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
