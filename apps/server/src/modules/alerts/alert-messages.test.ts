import type { AlertKind } from '@paydar/contracts/alert-events';
import { ALERT_KINDS } from '@paydar/contracts/alert-events';
import { describe, expect, it } from 'vitest';
import { type AlertFacts, NO_MONITOR } from '../../db/schema/notifications';
import { alertCallText, alertSms, alertSubject, alertText, webhookPayload } from './alert-messages';

const monitor = { id: 7, name: 'HTTP:shop', protocolType: 'HTTP', url: 'https://shop.example.test', host: null };
const DASHBOARD = 'https://app.example.test/';
const openDowntime = { fromTime: '2026-11-26T10:15:00.000Z', toTime: null };
const closedDowntime = { fromTime: '2026-11-26T10:15:00.000Z', toTime: '2026-11-26T11:20:30.000Z' };

/** The facts of one alert of `kind` at 11:20:30 UTC (14:50:30 in Tehran), in `timeZone`. */
function factsOf(kind: AlertKind, timeZone: string | null = 'Asia/Tehran'): AlertFacts {
  const reasons: Record<AlertKind, string | null> = {
    down: 'HTTP 503',
    up: null,
    flapping: '6 state changes in 10 minutes',
    reminder: 'HTTP 503',
    slow: 'apdex 0.41 over the last 10 checks (threshold 0.70)',
    slow_recovered: 'apdex 0.93 over the last 10 checks',
    certificate_expiry: null,
    test: null,
  };
  return {
    kind,
    at: '2026-11-26T11:20:30.000Z',
    monitor: kind === 'test' ? NO_MONITOR : monitor,
    downtime: kind === 'up' ? closedDowntime : kind === 'down' || kind === 'reminder' ? openDowntime : null,
    reason: reasons[kind],
    ...(timeZone ? { timeZone } : {}),
    ...(kind === 'certificate_expiry' ? { certificate: CERTIFICATE } : {}),
  };
}

/** A certificate ending 7 days and a half after the alert: 2026-12-03 23:20:30 UTC. */
const CERTIFICATE = {
  host: 'shop.example.test',
  validTo: '2026-12-03T23:20:30.000Z',
  daysLeft: 7,
  thresholdDays: 7,
};
const CERTIFICATE_LINE =
  'HTTP:shop: The TLS certificate of shop.example.test expires in 7 days, on 2026-12-04 02:50:30 (Asia/Tehran).';

const TEHRAN = '2026-11-26 14:50:30 (Asia/Tehran)';

describe('mail subject per kind', () => {
  it.each<[AlertKind, string]>([
    ['down', '[Paydar] DOWN: HTTP:shop'],
    ['up', '[Paydar] UP: HTTP:shop'],
    ['flapping', '[Paydar] FLAPPING: HTTP:shop'],
    ['reminder', '[Paydar] STILL DOWN: HTTP:shop'],
    ['slow', '[Paydar] SLOW: HTTP:shop'],
    ['slow_recovered', '[Paydar] FAST AGAIN: HTTP:shop'],
    ['certificate_expiry', '[Paydar] CERTIFICATE EXPIRES: HTTP:shop'],
    ['test', '[Paydar] TEST: this is a test message'],
  ])('%s → %s', (kind, subject) => {
    expect(alertSubject(factsOf(kind), 'Paydar')).toBe(subject);
  });
});

describe('mail body and Telegram per kind: what, when in the owner’s zone, why', () => {
  it.each<[AlertKind, string[]]>([
    ['down', [`HTTP:shop is DOWN since ${TEHRAN}.`, 'Reason: HTTP 503.', 'Most of its probers see it failing.']],
    [
      'up',
      [
        `HTTP:shop is UP again since ${TEHRAN}.`,
        'It was down for 1 hour 5 minutes (from 2026-11-26 13:45:00 (Asia/Tehran)).',
      ],
    ],
    [
      'flapping',
      [
        `HTTP:shop is FLAPPING: it keeps going down and up (noticed ${TEHRAN}).`,
        'Reason: 6 state changes in 10 minutes.',
        'Alerts about it pause until it has been stable for a while; then you get one message with its state.',
      ],
    ],
    [
      'reminder',
      [
        `HTTP:shop is STILL DOWN at ${TEHRAN}.`,
        'It has been down for 1 hour 5 minutes (since 2026-11-26 13:45:00 (Asia/Tehran)).',
        'Reason: HTTP 503.',
      ],
    ],
    [
      'slow',
      [
        `HTTP:shop is responding SLOWLY since ${TEHRAN}.`,
        'Reason: apdex 0.41 over the last 10 checks (threshold 0.70).',
      ],
    ],
    [
      'slow_recovered',
      [`HTTP:shop responds at its usual speed again since ${TEHRAN}.`, 'Reason: apdex 0.93 over the last 10 checks.'],
    ],
    [
      'certificate_expiry',
      [
        CERTIFICATE_LINE,
        `This warning is for the threshold of 7 days; renew the certificate before then to keep HTTPS working (seen by a check at ${TEHRAN}).`,
      ],
    ],
    [
      'test',
      [
        `TEST: this is a test message from Paydar, sent ${TEHRAN} from the Alert Center.`,
        'This channel works: alerts about your monitors will arrive here. No monitor is affected.',
      ],
    ],
  ])('%s', (kind, lines) => {
    const text = alertText(factsOf(kind), 'Paydar', DASHBOARD);
    const link = kind === 'test' ? [] : ['Details: https://app.example.test/monitor/7'];
    expect(text.split('\n')).toEqual([...lines, '', ...link, '— Paydar']);
  });
});

describe('SMS per kind', () => {
  it.each<[AlertKind, string]>([
    ['down', `Paydar: HTTP:shop is DOWN since ${TEHRAN} (HTTP 503).`],
    ['up', `Paydar: HTTP:shop is UP again at ${TEHRAN} after 1 hour 5 minutes down.`],
    [
      'flapping',
      `Paydar: HTTP:shop is FLAPPING since ${TEHRAN} (6 state changes in 10 minutes). Alerts pause until it is stable.`,
    ],
    ['reminder', `Paydar: HTTP:shop is STILL DOWN at ${TEHRAN}, down for 1 hour 5 minutes (HTTP 503).`],
    ['slow', `Paydar: HTTP:shop is SLOW since ${TEHRAN} (apdex 0.41 over the last 10 checks (threshold 0.70)).`],
    ['slow_recovered', `Paydar: HTTP:shop is FAST AGAIN since ${TEHRAN} (apdex 0.93 over the last 10 checks).`],
    ['certificate_expiry', `Paydar: ${CERTIFICATE_LINE}`],
    ['test', `Paydar: TEST: this is a test message, sent ${TEHRAN}. This channel works.`],
  ])('%s → %s', (kind, sms) => {
    expect(alertSms(factsOf(kind), 'Paydar')).toBe(sms);
  });
});

describe('voice call', () => {
  it('says the monitor is down (calls go out for down alerts only)', () => {
    expect(alertCallText(factsOf('down'), 'Paydar')).toBe(
      'Paydar alert. Your monitor HTTP:shop is down. Please check it.',
    );
  });
});

describe('webhook payload per kind', () => {
  it.each<[AlertKind, string, 'up' | 'down' | null]>([
    ['down', 'monitor.down', 'down'],
    ['up', 'monitor.up', 'up'],
    ['flapping', 'monitor.flapping', null],
    ['reminder', 'monitor.reminder', 'down'],
    ['slow', 'monitor.slow', 'up'],
    ['slow_recovered', 'monitor.slow_recovered', 'up'],
    ['certificate_expiry', 'monitor.certificate_expiry', null],
    ['test', 'channel.test', null],
  ])('%s is event %s with state %s, the reason and the local time', (kind, event, state) => {
    const facts = factsOf(kind);
    const payload = webhookPayload(facts, 41, DASHBOARD);
    expect(payload).toMatchObject({
      event,
      state,
      kind,
      notification_id: 41,
      time: '2026-11-26T11:20:30.000Z',
      local_time: TEHRAN,
      time_zone: 'Asia/Tehran',
      reason: facts.reason,
    });
    if (kind === 'test') expect(payload.monitor).toBeNull();
    else
      expect(payload.monitor).toMatchObject({ id: 7, name: 'HTTP:shop', link: 'https://app.example.test/monitor/7' });
  });

  it('keeps the documented shape of a recovery, with the downtime and its duration', () => {
    expect(webhookPayload(factsOf('up'), 41, 'https://app.example.test')).toEqual({
      event: 'monitor.up',
      notification_id: 41,
      state: 'up',
      kind: 'up',
      time: '2026-11-26T11:20:30.000Z',
      local_time: TEHRAN,
      time_zone: 'Asia/Tehran',
      calendar: 'gregorian',
      monitor: {
        id: 7,
        name: 'HTTP:shop',
        protocol_type: 'HTTP',
        url: 'https://shop.example.test',
        host: null,
        link: 'https://app.example.test/monitor/7',
      },
      reason: null,
      downtime: { from_time: '2026-11-26T10:15:00.000Z', to_time: '2026-11-26T11:20:30.000Z', duration_seconds: 3930 },
    });
    expect(webhookPayload(factsOf('down'), 40, DASHBOARD).downtime).toEqual({
      from_time: '2026-11-26T10:15:00.000Z',
      to_time: null,
      duration_seconds: null,
    });
  });
});

describe('certificate expiry', () => {
  it('gives the certificate in the webhook payload, valid-to in UTC and in the owner’s zone', () => {
    expect(webhookPayload(factsOf('certificate_expiry'), 41, DASHBOARD)).toMatchObject({
      event: 'monitor.certificate_expiry',
      certificate: {
        host: 'shop.example.test',
        valid_to: '2026-12-03T23:20:30.000Z',
        local_valid_to: '2026-12-04 02:50:30 (Asia/Tehran)',
        days_left: 7,
        threshold_days: 7,
      },
    });
    expect(webhookPayload(factsOf('down'), 41, DASHBOARD)).not.toHaveProperty('certificate');
  });

  it.each([
    [1, 'expires in 1 day'],
    [0, 'expires within a day'],
    [-1, 'expired 1 day ago'],
    [-12, 'expired 12 days ago'],
  ])('%i days left reads “%s”, valid-to in the Jalali calendar of a Jalali reader', (daysLeft, words) => {
    const facts: AlertFacts = {
      ...factsOf('certificate_expiry'),
      calendar: 'jalali',
      certificate: { ...CERTIFICATE, daysLeft, thresholdDays: 1 },
    };
    expect(alertSms(facts, 'Paydar')).toBe(
      `Paydar: HTTP:shop: The TLS certificate of shop.example.test ${words}, on 1405-09-13 02:50:30 (Asia/Tehran).`,
    );
  });

  it('keeps a host holding a line break on one line', () => {
    const facts: AlertFacts = {
      ...factsOf('certificate_expiry'),
      certificate: { ...CERTIFICATE, host: 'evil\r\nBcc: x@example.test' },
    };
    expect(alertSms(facts, 'Paydar')).not.toMatch(/[\r\n]/);
  });
});

describe('calendars', () => {
  it('gives every time of a Jalali reader in the Jalali calendar, on every channel', () => {
    const facts: AlertFacts = { ...factsOf('up'), calendar: 'jalali' };
    const text = alertText(facts, 'Paydar', DASHBOARD);
    expect(text).toContain('HTTP:shop is UP again since 1405-09-05 14:50:30 (Asia/Tehran).');
    expect(text).toContain('(from 1405-09-05 13:45:00 (Asia/Tehran))');
    expect(text).not.toContain('2026-11-26');
    expect(alertSms(facts, 'Paydar')).toContain('UP again at 1405-09-05 14:50:30 (Asia/Tehran)');
    expect(webhookPayload(facts, 1, DASHBOARD)).toMatchObject({
      time: '2026-11-26T11:20:30.000Z',
      local_time: '1405-09-05 14:50:30 (Asia/Tehran)',
      calendar: 'jalali',
    });
  });

  it('reads facts written before the calendar existed as Gregorian', () => {
    expect(alertText(factsOf('down'), 'Paydar', DASHBOARD)).toContain(`since ${TEHRAN}.`);
    expect(webhookPayload(factsOf('down'), 1, DASHBOARD).calendar).toBe('gregorian');
  });
});

describe('time zones', () => {
  it.each<[string | null, string]>([
    ['Asia/Tehran', '2026-11-26 14:50:30 (Asia/Tehran)'],
    ['Europe/Berlin', '2026-11-26 12:20:30 (Europe/Berlin)'],
    ['America/New_York', '2026-11-26 06:20:30 (America/New_York)'],
    // Facts written before issue 14 have no zone: UTC, and the message says so.
    [null, '2026-11-26 11:20:30 (UTC)'],
  ])('in %s every channel gives %s', (zone, shown) => {
    const facts = factsOf('down', zone);
    expect(alertText(facts, 'Paydar', DASHBOARD)).toContain(`since ${shown}.`);
    expect(alertSms(facts, 'Paydar')).toContain(`since ${shown} `);
    expect(webhookPayload(facts, 1, DASHBOARD).local_time).toBe(shown);
  });

  it('says every kind in every zone', () => {
    for (const kind of ALERT_KINDS) {
      for (const zone of ['Asia/Tehran', 'UTC', 'Pacific/Auckland']) {
        const facts = factsOf(kind, zone);
        expect(alertText(facts, 'Paydar', DASHBOARD)).toContain(`(${zone})`);
        expect(alertSms(facts, 'Paydar')).toContain(`(${zone})`);
      }
    }
  });
});

describe('hostile monitor names', () => {
  const named = (name: string): AlertFacts => ({ ...factsOf('down'), monitor: { ...monitor, name } });

  it('keeps markup as text: mail is text/plain, so a name never becomes HTML', () => {
    const facts = named('HTTP:<b onmouseover=alert(1)>shop</b>');
    expect(alertText(facts, 'Paydar', DASHBOARD)).toContain('HTTP:<b onmouseover=alert(1)>shop</b> is DOWN');
    expect(alertSubject(facts, 'Paydar')).toBe('[Paydar] DOWN: HTTP:<b onmouseover=alert(1)>shop</b>');
  });

  it('keeps a subject and an SMS on one line whatever the name holds', () => {
    const facts = named('HTTP:shop\r\nBcc: victim@example.test');
    expect(alertSubject(facts, 'Paydar')).toBe('[Paydar] DOWN: HTTP:shop Bcc: victim@example.test');
    expect(alertSms(facts, 'Paydar')).not.toMatch(/[\r\n]/);
  });
});
