// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { buildProber, buildShopMonitor } from '@/testing/monitor-builders';
import {
  alertChannelKey,
  defaultFormValues,
  defaultProberIds,
  formProblem,
  formValuesOf,
  type MonitorFormValues,
  parseAlertChannelKey,
  toMonitorInput,
} from './monitor-form-values';

const values = (overrides: Partial<MonitorFormValues> = {}): MonitorFormValues => ({
  ...defaultFormValues([buildProber({ id: 1 })]),
  target: 'example.com',
  ...overrides,
});

describe('defaults (spec §5)', () => {
  it('HTTP(S), 5 min, 0.5 sec, GET, DNS type A, enabled', () => {
    expect(defaultFormValues([])).toMatchObject({
      protocol_type: 'HTTP',
      period: 300,
      apdex: 0.5,
      http_method: 'GET',
      dns_query_type: 'A',
      is_enabled: true,
      probers: [],
    });
  });

  it('preselects three probers, never a disabled one, online ones first', () => {
    const probers = [
      buildProber({ id: 1, disabled: true, is_active: false }),
      buildProber({ id: 2, is_active: false }),
      buildProber({ id: 3 }),
      buildProber({ id: 4 }),
      buildProber({ id: 5 }),
      buildProber({ id: 6 }),
    ];
    expect(defaultProberIds(probers)).toEqual([3, 4, 5]);
    expect(defaultProberIds(probers.slice(0, 3))).toEqual([3, 2]);
  });
});

describe('required fields (spec §5)', () => {
  it.each<[string, Partial<MonitorFormValues>, string | null]>([
    ['all there', {}, null],
    ['no address', { target: '  ' }, 'Please fill all fields.'],
    ['no period', { period: null }, 'Please fill all fields.'],
    ['no expected time', { apdex: null }, 'Please fill all fields.'],
    ['no prober', { probers: [] }, 'Please fill all fields.'],
    ['DNS without a query name', { protocol_type: 'DNS', target: '1.1.1.1' }, 'Please fill all fields.'],
    ['DNS with one', { protocol_type: 'DNS', target: '1.1.1.1', dns_query_name: 'example.com' }, null],
    ['no alias (optional)', { alias: '' }, null],
    [
      'heartbeat: no address nor prober needed',
      { protocol_type: 'HEARTBEAT', target: '', probers: [], alias: 'Backup' },
      null,
    ],
    ['heartbeat without a name', { protocol_type: 'HEARTBEAT', alias: ' ' }, 'Please fill all fields.'],
    [
      'heartbeat without a grace',
      { protocol_type: 'HEARTBEAT', alias: 'Backup', grace: null },
      'Please fill all fields.',
    ],
  ])('%s', (_, overrides, problem) => {
    expect(formProblem(values(overrides))).toBe(problem);
  });
});

describe('what is sent', () => {
  it('sends a grace for a heartbeat only', () => {
    expect('grace' in toMonitorInput(values())).toBe(false);
  });

  it.each<[string, Partial<MonitorFormValues>, Record<string, unknown>]>([
    ['http:// added to an HTTP URL', { target: ' example.com/x ' }, { url: 'http://example.com/x', host: null }],
    ['https kept', { target: 'https://example.com' }, { url: 'https://example.com' }],
    ['TCP gets :80', { protocol_type: 'TCP', target: 'db.example.com' }, { host: 'db.example.com:80', url: null }],
    ['TCP port kept', { protocol_type: 'TCP', target: 'db.example.com:5432' }, { host: 'db.example.com:5432' }],
    ['ICMP host as typed', { protocol_type: 'ICMP', target: ' 203.0.113.9 ' }, { host: '203.0.113.9' }],
    ['body for POST', { http_method: 'POST', http_body: '{"a":1}' }, { http_body: '{"a":1}' }],
    [
      'a heartbeat: its grace, no address, no probers',
      { protocol_type: 'HEARTBEAT', alias: 'Backup', grace: 60, period: 3600 },
      { url: null, host: null, probers: [], grace: 60, period: 3600 },
    ],
    ['no body for GET', { http_method: 'GET', http_body: '{"a":1}' }, { http_body: null }],
    [
      'headers without a name dropped',
      {
        http_headers: [
          { key: ' X-Token ', value: ' abc ' },
          { key: '', value: 'lost' },
        ],
      },
      { http_headers: [{ key: 'X-Token', value: 'abc' }] },
    ],
    [
      'DNS query name only for DNS',
      { protocol_type: 'DNS', target: '1.1.1.1', dns_query_name: ' example.com ', dns_query_type: 'MX' },
      { host: '1.1.1.1', dns_query_name: 'example.com', dns_query_type: 'MX' },
    ],
    ['an HTTP monitor sends no query name', { dns_query_name: 'example.com' }, { dns_query_name: null }],
    [
      'alert channels as {type, value}',
      { alert: [alertChannelKey('emails', 'a@b.test'), alertChannelKey('webhooks', 'https://h.test/x:1')] },
      {
        alert: [
          { type: 'emails', value: 'a@b.test' },
          { type: 'webhooks', value: 'https://h.test/x:1' },
        ],
      },
    ],
  ])('%s', (_, overrides, expected) => {
    expect(toMonitorInput(values(overrides))).toMatchObject(expected);
  });

  it('an edited monitor comes back unchanged', () => {
    const monitor = buildShopMonitor({
      http_method: 'PUT',
      http_body: 'x',
      http_headers: [{ key: 'A', value: 'b' }],
      alert: [{ type: 'phones', value: '+989120000000' }],
      labels: ['shop'],
      probers: [
        { id: 1, name: 'One' },
        { id: 2, name: 'Two' },
      ],
    });
    expect(toMonitorInput(formValuesOf(monitor))).toMatchObject({
      protocol_type: 'HTTP',
      url: monitor.url,
      alias: monitor.alias,
      period: monitor.period,
      apdex: monitor.apdex,
      http_method: 'PUT',
      http_body: 'x',
      http_headers: [{ key: 'A', value: 'b' }],
      probers: [1, 2],
      alert: [{ type: 'phones', value: '+989120000000' }],
      labels: ['shop'],
      is_enabled: true,
    });
  });

  it('channel keys survive values with colons', () => {
    expect(parseAlertChannelKey(alertChannelKey('webhooks', 'https://x.test:8443/a'))).toEqual({
      type: 'webhooks',
      value: 'https://x.test:8443/a',
    });
    expect(parseAlertChannelKey('nonsense')).toBeNull();
  });
});
