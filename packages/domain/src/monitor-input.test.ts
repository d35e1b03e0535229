import { describe, expect, it } from 'vitest';
import {
  type HostPort,
  joinHostPort,
  type MonitorInputFields,
  normaliseHttpUrl,
  normaliseMonitorInput,
  normaliseTcpTarget,
  splitHostPort,
} from './monitor-input';

describe('splitHostPort', () => {
  it.each<[string, HostPort | null]>([
    ['example.com', { host: 'example.com', port: null }],
    ['example.com:22', { host: 'example.com', port: 22 }],
    ['example.com:', { host: 'example.com', port: null }],
    ['10.0.0.1:65535', { host: '10.0.0.1', port: 65_535 }],
    ['[::1]', { host: '::1', port: null }],
    ['[::1]:22', { host: '::1', port: 22 }],
    ['[2001:db8::1]:443', { host: '2001:db8::1', port: 443 }],
    ['::1', { host: '::1', port: null }],
    ['2001:db8::1', { host: '2001:db8::1', port: null }],
    ['', null],
    [':80', null],
    ['[]:80', null],
    ['[::1', null],
    ['[::1]22', null],
    ['example.com:0', null],
    ['example.com:65536', null],
    ['example.com:http', null],
    ['example.com:-1', null],
    ['exa mple.com:80', null],
  ])('%j → %o', (target, parts) => {
    expect(splitHostPort(target)).toEqual(parts);
  });
});

describe('joinHostPort', () => {
  it.each([
    ['example.com', 80, 'example.com:80'],
    ['::1', 22, '[::1]:22'],
  ])('%s + %d → %s', (host, port, joined) => {
    expect(joinHostPort(host, port)).toBe(joined);
  });
});

describe('normaliseHttpUrl', () => {
  it.each([
    ['example.com', 'http://example.com'],
    ['  example.com/path?q=1  ', 'http://example.com/path?q=1'],
    ['localhost:8080', 'http://localhost:8080'],
    ['//example.com', 'http://example.com'],
    ['http://example.com', 'http://example.com'],
    ['https://example.com', 'https://example.com'],
    ['HTTPS://Example.com', 'HTTPS://Example.com'],
    ['httpbin.org', 'http://httpbin.org'], // starts with "http" but has no scheme
    ['ftp://example.com', 'ftp://example.com'], // a scheme is kept: validation refuses it
    ['', ''],
  ])('%j → %j', (url, normalised) => {
    expect(normaliseHttpUrl(url)).toBe(normalised);
  });
});

describe('normaliseTcpTarget', () => {
  it.each([
    ['example.com', 'example.com:80'],
    [' example.com:22 ', 'example.com:22'],
    ['example.com:', 'example.com:80'],
    ['10.0.0.1', '10.0.0.1:80'],
    ['[::1]', '[::1]:80'],
    ['[::1]:22', '[::1]:22'],
    ['::1', '[::1]:80'],
    ['example.com:99999', 'example.com:99999'], // malformed: left for validation
    ['', ''],
  ])('%j → %j', (target, normalised) => {
    expect(normaliseTcpTarget(target)).toBe(normalised);
  });
});

describe('normaliseMonitorInput', () => {
  it.each<[string, MonitorInputFields, MonitorInputFields]>([
    [
      'HTTP: url completed, alias trimmed',
      { protocol_type: 'HTTP', url: ' example.com ', alias: ' Site ' },
      { protocol_type: 'HTTP', url: 'http://example.com', alias: 'Site' },
    ],
    [
      'HTTP POST keeps its body',
      { protocol_type: 'HTTP', url: 'https://a.io', http_method: 'POST', http_body: ' {"a":1} ' },
      { protocol_type: 'HTTP', url: 'https://a.io', http_method: 'POST', http_body: ' {"a":1} ' },
    ],
    [
      'HTTP GET drops its body',
      { protocol_type: 'HTTP', url: 'https://a.io', http_method: 'GET', http_body: 'x' },
      { protocol_type: 'HTTP', url: 'https://a.io', http_method: 'GET', http_body: null },
    ],
    [
      'headers trimmed, nameless dropped',
      {
        protocol_type: 'HTTP',
        url: 'https://a.io',
        http_headers: [
          { key: ' X-A ', value: ' 1 ' },
          { key: ' ', value: 'lost' },
        ],
      },
      { protocol_type: 'HTTP', url: 'https://a.io', http_headers: [{ key: 'X-A', value: '1' }] },
    ],
    [
      'TCP: port completed',
      { protocol_type: 'TCP', host: ' db.example.com ' },
      { protocol_type: 'TCP', host: 'db.example.com:80' },
    ],
    [
      'TCP: IPv6 with a port kept',
      { protocol_type: 'TCP', host: '[::1]:5432' },
      { protocol_type: 'TCP', host: '[::1]:5432' },
    ],
    [
      'ICMP: host only trimmed',
      { protocol_type: 'ICMP', host: ' 8.8.8.8 ' },
      { protocol_type: 'ICMP', host: '8.8.8.8' },
    ],
    [
      'DNS: host and name trimmed, no port added',
      { protocol_type: 'DNS', host: ' 1.1.1.1 ', dns_query_name: ' example.com ' },
      { protocol_type: 'DNS', host: '1.1.1.1', dns_query_name: 'example.com' },
    ],
    [
      'labels trimmed, empties and repeats dropped',
      { protocol_type: 'ICMP', host: 'a', labels: [' prod ', 'prod', '', 'web'] },
      { protocol_type: 'ICMP', host: 'a', labels: ['prod', 'web'] },
    ],
  ])('%s', (_name, input, output) => {
    expect(normaliseMonitorInput(input)).toEqual(output);
  });

  it('passes other fields through and leaves the input alone', () => {
    const input = { protocol_type: 'HTTP' as const, url: 'a.io', period: 300, is_enabled: true };
    expect(normaliseMonitorInput(input)).toEqual({
      protocol_type: 'HTTP',
      url: 'http://a.io',
      period: 300,
      is_enabled: true,
    });
    expect(input.url).toBe('a.io');
  });
});
