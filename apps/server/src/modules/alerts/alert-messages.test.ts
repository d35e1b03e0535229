import { describe, expect, it } from 'vitest';
import type { AlertFacts } from '../../db/schema/notifications';
import { alertCallText, alertSms, alertSubject, alertText, webhookPayload } from './alert-messages';

const monitor = { id: 7, name: 'HTTP:shop', protocolType: 'HTTP', url: 'https://shop.example.test', host: null };
const down: AlertFacts = {
  kind: 'down',
  at: '2026-11-23T10:15:00.000Z',
  monitor,
  downtime: { fromTime: '2026-11-23T10:15:00.000Z', toTime: null },
  reason: 'HTTP 503',
};
const up: AlertFacts = {
  kind: 'up',
  at: '2026-11-23T11:20:30.000Z',
  monitor,
  downtime: { fromTime: '2026-11-23T10:15:00.000Z', toTime: '2026-11-23T11:20:30.000Z' },
  reason: null,
};

describe('alert messages', () => {
  it('says what went down, when, why, and links the monitor', () => {
    expect(alertSubject(down, 'Paydar')).toBe('[Paydar] DOWN: HTTP:shop');
    const text = alertText(down, 'Paydar', 'https://app.example.test/');
    expect(text).toContain('HTTP:shop is DOWN since 2026-11-23 10:15:00 UTC.');
    expect(text).toContain('Reason: HTTP 503.');
    expect(text).toContain('Details: https://app.example.test/monitor/7');
    expect(alertSms(down, 'Paydar')).toBe('Paydar: HTTP:shop is DOWN since 2026-11-23 10:15:00 UTC (HTTP 503).');
    expect(alertCallText(down, 'Paydar')).toBe('Paydar alert. Your monitor HTTP:shop is down. Please check it.');
  });

  it('says on recovery how long the outage was', () => {
    expect(alertSubject(up, 'Paydar')).toBe('[Paydar] UP: HTTP:shop');
    expect(alertText(up, 'Paydar', 'https://app.example.test')).toContain(
      'It was down for 1 hour 5 minutes (from 2026-11-23 10:15:00 UTC).',
    );
    expect(alertSms(up, 'Paydar')).toBe('Paydar: HTTP:shop is UP again after 1 hour 5 minutes down.');
  });

  it('gives webhooks the monitor, state, time and the downtime with its duration', () => {
    expect(webhookPayload(up, 41, 'https://app.example.test')).toEqual({
      event: 'monitor.up',
      notification_id: 41,
      state: 'up',
      time: '2026-11-23T11:20:30.000Z',
      monitor: {
        id: 7,
        name: 'HTTP:shop',
        protocol_type: 'HTTP',
        url: 'https://shop.example.test',
        host: null,
        link: 'https://app.example.test/monitor/7',
      },
      reason: null,
      downtime: { from_time: '2026-11-23T10:15:00.000Z', to_time: '2026-11-23T11:20:30.000Z', duration_seconds: 3930 },
    });
    expect(webhookPayload(down, 40, 'https://app.example.test').downtime).toEqual({
      from_time: '2026-11-23T10:15:00.000Z',
      to_time: null,
      duration_seconds: null,
    });
  });
});
