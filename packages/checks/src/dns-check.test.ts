import { type CheckSpec, checkResult } from '@paydar/contracts/agent';
import { findUnsafeValue } from '@paydar/contracts/edge-values';
import type { DnsQueryType } from '@paydar/contracts/monitors-options';
import type { Answer } from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from './check';
import { ANAME_NOTE } from './dns-records';
import { startDnsServer, startSilentResolver } from './test-support/dns-server';
import { checkOptions } from './test-support/servers';

const DNSKEY = Buffer.from('a test key, not a real one');
const CERT_RDATA = Buffer.concat([Buffer.from([0, 1, 0, 0, 0]), Buffer.from('certdata')]); // PKIX, key tag 0, algorithm 0
const RECORDS: Answer[] = [
  { name: 'example.test', type: 'A', ttl: 300, data: '203.0.113.10' },
  { name: 'example.test', type: 'AAAA', ttl: 300, data: '2001:db8::10' },
  { name: 'example.test', type: 'TXT', ttl: 300, data: ['v=spf1 -all'] },
  { name: 'example.test', type: 'MX', ttl: 300, data: { preference: 10, exchange: 'mail.example.test' } },
  { name: 'example.test', type: 'NS', ttl: 300, data: 'ns1.example.test' },
  { name: 'example.test', type: 'CERT', ttl: 300, data: CERT_RDATA },
  { name: 'example.test', type: 'DNSKEY', ttl: 300, data: { flags: 257, algorithm: 13, key: DNSKEY } },
  { name: 'www.example.test', type: 'CNAME', ttl: 60, data: 'example.test' },
  {
    name: '_sip._tcp.example.test',
    type: 'SRV',
    ttl: 300,
    data: { priority: 10, weight: 60, port: 5060, target: 'sip.example.test' },
  },
  { name: '10.113.0.203.in-addr.arpa', type: 'PTR', ttl: 300, data: 'example.test' },
  { name: 'big.test', type: 'A', ttl: 300, data: '203.0.113.99' },
  // A resolver the user picks may answer anything: a NUL byte, an escape sequence.
  { name: 'poisoned.test', type: 'TXT', ttl: 300, data: ['v=spf1\u0000 -all\u001b[2J'] },
  { name: 'poisoned.test', type: 'CAA', ttl: 300, data: { flags: 0, tag: 'issue', value: 'ca\u0000.test' } },
];

let server: Awaited<ReturnType<typeof startDnsServer>>;
beforeAll(async () => {
  server = await startDnsServer(RECORDS);
});
afterAll(() => server.close());

function dnsSpec(name: string, type: DnsQueryType, resolver = `127.0.0.1:${server.port}`, timeoutMs = 2000): CheckSpec {
  return {
    monitor_id: 9,
    protocol: 'DNS',
    target: name,
    period_seconds: 60,
    timeout_ms: timeoutMs,
    dns: { query_name: name, query_type: type, resolver },
  };
}

const dataOf = (result: { extra_info: Record<string, unknown> }) =>
  (result.extra_info.answers as Array<{ data: string }>).map((a) => a.data);

describe('DNS check against a loopback DNS server', () => {
  it.each<[DnsQueryType, string, string[]]>([
    ['A', 'example.test', ['203.0.113.10']],
    ['AAAA', 'example.test', ['2001:db8::10']],
    ['TXT', 'example.test', ['v=spf1 -all']],
    ['CNAME', 'www.example.test', ['example.test']],
    ['MX', 'example.test', ['10 mail.example.test']],
    ['NS', 'example.test', ['ns1.example.test']],
    ['SRV', '_sip._tcp.example.test', ['10 60 5060 sip.example.test']],
    ['PTR', '10.113.0.203.in-addr.arpa', ['example.test']],
    ['CERT', 'example.test', [`1 0 0 ${Buffer.from('certdata').toString('base64')}`]],
    ['DNSKEY', 'example.test', [`257 3 13 ${DNSKEY.toString('base64')}`]],
    ['ANAME', 'example.test', ['203.0.113.10', '2001:db8::10']],
  ])('answers %s for %s', async (type, name, expected) => {
    const result = await runCheck(dnsSpec(name, type), checkOptions);
    expect(result.error).toBeNull();
    expect(result.success).toBe(true);
    expect(dataOf(result)).toEqual(expected);
    expect(result.extra_info.rcode).toBe('NOERROR');
    expect(result.extra_info.resolver).toBe(`127.0.0.1:${server.port}`);
    expect(result.phases.response).toBeGreaterThan(0);
    expect(result.phases.duration).toBe(result.phases.response);
    expect(result.phases.resolve).toBeNull();
    expect(result.phases.connect).toBeNull();
  });

  it('keeps name, type and ttl of each answer, and says what ANAME means', async () => {
    const result = await runCheck(dnsSpec('example.test', 'ANAME'), checkOptions);
    expect(result.extra_info.note).toBe(ANAME_NOTE);
    expect(result.extra_info.answers).toEqual([
      { name: 'example.test', type: 'A', ttl: 300, data: '203.0.113.10' },
      { name: 'example.test', type: 'AAAA', ttl: 300, data: '2001:db8::10' },
    ]);
  });

  it('answers ANY with every record at the name', async () => {
    const result = await runCheck(dnsSpec('example.test', 'ANY'), checkOptions);
    expect(result.success).toBe(true);
    const types = (result.extra_info.answers as Array<{ type: string }>).map((a) => a.type);
    expect(types.sort()).toEqual(['A', 'AAAA', 'CERT', 'DNSKEY', 'MX', 'NS', 'TXT']);
  });

  it.each([
    ['nowhere.test', 'NXDOMAIN'],
    ['servfail.test', 'SERVFAIL'],
    ['refused.test', 'REFUSED'],
  ])('%s fails with %s', async (name, rcode) => {
    const result = await runCheck(dnsSpec(name, 'A'), checkOptions);
    expect(result).toMatchObject({ success: false, error: rcode });
    expect(result.extra_info.rcode).toBe(rcode);
    expect(result.phases.response).toBeGreaterThan(0);
  });

  it('fails when the name has no records of the type', async () => {
    const result = await runCheck(dnsSpec('www.example.test', 'MX'), checkOptions);
    expect(result).toMatchObject({ success: false, error: 'no MX records' });
    expect(result.extra_info.rcode).toBe('NOERROR');
  });

  it.each<[DnsQueryType, string[]]>([
    ['TXT', ['v=spf1 -all[2J']],
    ['ANY', ['v=spf1 -all[2J', '0 issue "ca.test"']],
  ])('reports %s answers holding a NUL byte cleaned, within the agent API rule', async (type, cleaned) => {
    const result = await runCheck(dnsSpec('poisoned.test', type), checkOptions);
    expect(result.success).toBe(true);
    expect(dataOf(result)).toEqual(cleaned);
    expect(findUnsafeValue(result)).toBeNull();
    expect(checkResult.safeParse(result).success).toBe(true);
  });

  it('retries over TCP when the UDP answer is truncated', async () => {
    const result = await runCheck(dnsSpec('big.test', 'A'), checkOptions);
    expect(result.success).toBe(true);
    expect(result.extra_info.transport).toBe('tcp');
    expect(dataOf(result)).toEqual(['203.0.113.99']);
  });

  it('resolves a resolver given by name (resolve phase measured)', async () => {
    const result = await runCheck(dnsSpec('example.test', 'A', `localhost:${server.port}`), checkOptions);
    expect(result.success).toBe(true);
    expect(result.phases.resolve).toBeGreaterThanOrEqual(0);
  });

  it('times out on a resolver that never answers', async () => {
    const silent = await startSilentResolver();
    const result = await runCheck(dnsSpec('example.test', 'A', `127.0.0.1:${silent.port}`, 300), checkOptions);
    await silent.close();
    expect(result).toMatchObject({ success: false, error: 'timeout after 0.3 s' });
    expect(result.phases.response).toBeNull();
    expect(result.phases.duration).toBeGreaterThanOrEqual(295);
  });
});
