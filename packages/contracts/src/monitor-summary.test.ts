import { describe, expect, it } from 'vitest';
import { compactSummary, type MonitorSummary, monitorSummary, summaryOf } from './monitor-summary';

const http: MonitorSummary = {
  id: 7,
  protocol_type: 'HTTP',
  url: 'https://site-7.example.com/health',
  host: null,
  alias: 'Site 7',
  labels: [],
  is_enabled: true,
  is_protected: false,
  last_status_code: 200,
  last_status: null,
  is_slow: false,
  is_flapping: false,
};
const pausedIcmp: MonitorSummary = {
  id: 8,
  protocol_type: 'ICMP',
  url: null,
  host: '192.0.2.1',
  alias: null,
  labels: ['web', 'db'],
  is_enabled: false,
  is_protected: true,
  last_status_code: null,
  last_status: 'Timeout',
  is_slow: true,
  is_flapping: false,
};

describe('monitor summary on the wire', () => {
  it.each([
    [
      'an HTTP monitor',
      http,
      { id: 7, protocol_type: 'HTTP', url: http.url, alias: 'Site 7', is_enabled: true, last_status_code: 200 },
    ],
    [
      'a paused, protected ICMP monitor with groups',
      pausedIcmp,
      {
        id: 8,
        protocol_type: 'ICMP',
        host: '192.0.2.1',
        labels: ['web', 'db'],
        is_protected: true,
        last_status: 'Timeout',
        is_slow: true,
      },
    ],
  ])('%s leaves out null, false and empty fields, and reads back whole', (_name, summary, wire) => {
    expect(compactSummary(summary)).toEqual(wire);
    expect(monitorSummary.parse(JSON.parse(JSON.stringify(compactSummary(summary))))).toEqual(summary);
  });

  it('keeps a zero status code (0 is a result, not an absence)', () => {
    expect(compactSummary({ ...http, last_status_code: 0 })).toMatchObject({ last_status_code: 0 });
  });

  it('summaryOf drops what only the detail and the form read', () => {
    const whole = { ...http, token: 'secret', http_headers: [{ key: 'a', value: 'b' }], terminal_command: 'curl' };
    expect(summaryOf(whole)).toEqual(http);
  });

  it('summaryOf reads a whole monitor as slow while its `slow` is set', () => {
    const slow = { since: '2026-11-26T10:00:00.000Z', reason: 'Apdex 0.42 over the last 20 checks (threshold 0.70).' };
    const { is_slow: _, ...rest } = http;
    const whole = { ...rest, slow, slow_alert: null, token: 'secret' };
    expect(summaryOf(whole as unknown as Parameters<typeof summaryOf>[0])).toEqual({ ...http, is_slow: true });
  });
});
