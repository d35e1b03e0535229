import type { CheckSpec } from '@paydar/contracts/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from './check';
import { parseIp } from './ip-address';
import { type AddressClass, assertPublicAddress, checkTargetAllowed, classifyAddress, hostOf } from './target-guard';
import { httpSpec, type Listening, startHttpServer, startTcpListener } from './test-support/servers';

describe('classifyAddress', () => {
  const cases: Array<[string, AddressClass]> = [
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['100.128.0.1', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['0.1.2.3', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['192.0.2.1', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    // IPv4 inside IPv6 is judged by the IPv4 address.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:c0a8:0101::1', 'private'],
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:80b::200e', 'public'],
  ];
  it.each(cases)('%s is %s', (ip, expected) => {
    expect(classifyAddress(ip)).toBe(expected);
  });

  it('refuses text that is not an address', () => {
    expect(() => classifyAddress('example.com')).toThrow('not an IP address');
  });

  it('assertPublicAddress throws for non-public addresses only', () => {
    expect(() => assertPublicAddress('8.8.8.8')).not.toThrow();
    expect(() => assertPublicAddress('10.0.0.5')).toThrow('target refused: a private address (10.0.0.5)');
  });
});

describe('parseIp and hostOf', () => {
  it('expands IPv6 forms to the same bytes', () => {
    expect(parseIp('::ffff:127.0.0.1')).toEqual(parseIp('0:0:0:0:0:ffff:7f00:0001'));
    expect(Array.from(parseIp('2001:db8::1') ?? [])).toEqual([32, 1, 13, 184, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIp('not-an-ip')).toBeNull();
  });

  it.each([
    ['https://example.com:8443/x?y', 'example.com'],
    ['http://[::1]:8080/', '::1'],
    ['example.com:80', 'example.com'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['2001:db8::1', '2001:db8::1'],
    ['10.0.0.5', '10.0.0.5'],
  ])('hostOf(%s) is %s', (target, host) => {
    expect(hostOf(target)).toBe(host);
  });
});

describe('checkTargetAllowed (save time)', () => {
  const refuse = { allowPrivateTargets: false };
  it('refuses a private address with the text a user sees', async () => {
    expect(await checkTargetAllowed('http://10.0.0.5/status', refuse)).toEqual({
      ok: false,
      message: 'This target is a private address (10.0.0.5); monitoring private networks is not allowed.',
    });
  });

  it('refuses a name that resolves to loopback', async () => {
    const result = await checkTargetAllowed('localhost:8080', refuse);
    expect(result).toEqual({
      ok: false,
      message: 'This target resolves to a loopback address (127.0.0.1); monitoring private networks is not allowed.',
    });
  });

  it('refuses a name when ANY of its addresses is private', async () => {
    const lookup = async () => ['93.184.215.14', '10.0.0.5'];
    const result = await checkTargetAllowed('https://mixed.example/', { ...refuse, lookup });
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining('private address (10.0.0.5)') });
  });

  it('allows public addresses, unresolvable names, and anything when private targets are allowed', async () => {
    expect(await checkTargetAllowed('8.8.8.8', refuse)).toEqual({ ok: true });
    expect(
      await checkTargetAllowed('https://public.example/', { ...refuse, lookup: async () => ['93.184.215.14'] }),
    ).toEqual({ ok: true });
    const notFound = async () => Promise.reject(Object.assign(new Error('nx'), { code: 'ENOTFOUND' }));
    expect(await checkTargetAllowed('https://not-yet.example/', { ...refuse, lookup: notFound })).toEqual({ ok: true });
    expect(await checkTargetAllowed('http://127.0.0.1/', { allowPrivateTargets: true })).toEqual({ ok: true });
  });
});

describe('connect-time guard', () => {
  let http: Listening;
  let hits = 0;
  beforeAll(async () => {
    http = await startHttpServer((_req, res) => {
      hits++;
      res.end('ok');
    });
  });
  afterAll(() => http.close());
  const refuse = { scheduledAt: new Date(), allowPrivateTargets: false };

  it('refuses a hostname that resolves to 127.0.0.1 without connecting', async () => {
    const result = await runCheck(httpSpec(`http://localhost:${http.port}/`), refuse);
    expect(result.success).toBe(false);
    expect(result.error).toBe('target refused: a loopback address (127.0.0.1)');
    expect(result.phases.resolve).toBeGreaterThanOrEqual(0);
    expect(result.phases.connect).toBeNull();
    expect(hits).toBe(0);
  });

  it('connects to the same target when private targets are allowed', async () => {
    const result = await runCheck(httpSpec(`http://localhost:${http.port}/`), { ...refuse, allowPrivateTargets: true });
    expect(result.success).toBe(true);
    expect(hits).toBe(1);
  });

  it('guards every protocol, and TCP and ICMP too refuse loopback', async () => {
    const tcp = await startTcpListener();
    const base = { monitor_id: 2, period_seconds: 60, timeout_ms: 2000 };
    const specs: CheckSpec[] = [
      { ...base, protocol: 'TCP', target: `localhost:${tcp.port}` },
      { ...base, protocol: 'ICMP', target: '127.0.0.1' },
      { ...base, protocol: 'DNS', target: 'x', dns: { query_name: 'x', query_type: 'A', resolver: '127.0.0.1:53' } },
    ];
    for (const spec of specs) {
      const result = await runCheck(spec, refuse);
      expect(result.error).toBe('target refused: a loopback address (127.0.0.1)');
    }
    expect(tcp.accepted()).toBe(0);
    await tcp.close();
  });
});
