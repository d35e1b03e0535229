import { describe, expect, it } from 'vitest';
import { displayName, isHttp, type MonitorNaming, monitorTarget } from './display-name';

describe('monitorTarget / displayName', () => {
  it.each<[MonitorNaming, string, string]>([
    [
      { protocol_type: 'HTTP', url: 'https://example.com', host: null, alias: 'My site' },
      'https://example.com',
      'HTTP:My site',
    ],
    [
      { protocol_type: 'HTTP', url: 'https://example.com', host: null, alias: null },
      'https://example.com',
      'https://example.com',
    ],
    [{ protocol_type: 'HTTP', url: 'https://example.com', alias: '' }, 'https://example.com', 'https://example.com'],
    [{ protocol_type: 'HTTP', url: 'https://example.com', alias: '   ' }, 'https://example.com', 'https://example.com'],
    [{ protocol_type: 'HTTP', url: 'https://a.io', alias: ' Shop ' }, 'https://a.io', 'HTTP:Shop'],
    [{ protocol_type: 'ICMP', url: null, host: '8.8.8.8', alias: null }, '8.8.8.8', '8.8.8.8'],
    [{ protocol_type: 'ICMP', host: '8.8.8.8', alias: 'Google DNS' }, '8.8.8.8', 'ICMP:Google DNS'],
    [{ protocol_type: 'TCP', host: 'db.local:5432', alias: null }, 'db.local:5432', 'db.local:5432'],
    [{ protocol_type: 'TCP', host: '[::1]:22', alias: 'ssh' }, '[::1]:22', 'TCP:ssh'],
    [{ protocol_type: 'DNS', host: '1.1.1.1', alias: 'Resolver' }, '1.1.1.1', 'DNS:Resolver'],
    [{ protocol_type: 'HTTP', url: null, host: 'ignored' }, '', ''], // HTTP never shows the host
  ])('%o → target %j, name %j', (monitor, target, name) => {
    expect(monitorTarget(monitor)).toBe(target);
    expect(displayName(monitor)).toBe(name);
  });
});

describe('isHttp', () => {
  it.each([
    ['HTTP', true],
    ['ICMP', false],
    ['TCP', false],
    ['DNS', false],
  ] as const)('%s → %s', (protocol_type, http) => {
    expect(isHttp({ protocol_type })).toBe(http);
  });
});
