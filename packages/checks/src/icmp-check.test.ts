import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CheckSpec } from '@paydar/contracts/agent';
import { afterAll, describe, expect, it } from 'vitest';
import { runCheck } from './check';
import { describePingFailure, parsePingRtt } from './icmp-check';
import { checkOptions } from './test-support/servers';

const icmpSpec = (target: string, timeoutMs = 1000): CheckSpec => ({
  monitor_id: 3,
  protocol: 'ICMP',
  target,
  period_seconds: 60,
  timeout_ms: timeoutMs,
});

describe('ICMP check with the system ping', () => {
  it('pings 127.0.0.1 with a small round trip', async () => {
    const result = await runCheck(icmpSpec('127.0.0.1'), checkOptions);
    expect(result.error).toBeNull();
    expect(result.success).toBe(true);
    // ping's own round trip, read from its output; how small is no test's business on a busy machine.
    expect(result.phases.response).toBeGreaterThan(0);
    expect(result.phases.duration).toBe(result.phases.response);
    expect(result.extra_info.ping_output).toMatch(/1 received/);
  });

  it('resolves a name first and pings the address', async () => {
    const result = await runCheck(icmpSpec('localhost'), checkOptions);
    expect(result.success).toBe(true);
    expect(result.phases.resolve).toBeGreaterThanOrEqual(0);
    expect(result.extra_info.address).toBe('127.0.0.1');
  });

  it('says so when ping is not installed, as a failure of the prober, not of the target', async () => {
    const result = await runCheck(icmpSpec('127.0.0.1'), { ...checkOptions, pingPath: '/nonexistent/ping' });
    expect(result).toMatchObject({ success: false, error: 'ping is not installed', failure_class: 'prober' });
  });
});

// "Unroutable" is made in a network namespace of the test's own (unshare -n): the real ping
// runs there, and nothing can leave the machine. (192.0.2.1 is no such address here: it is this
// machine's gateway.)
const canUnshare = spawnSync('unshare', ['-n', 'true']).status === 0;

describe.skipIf(!canUnshare)('ICMP check to unroutable addresses (in a private network namespace)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paydar-ping-'));
  const script = (name: string, body: string) => {
    const path = join(dir, name);
    writeFileSync(path, `#!/bin/sh\n${body}\n`);
    chmodSync(path, 0o755);
    return path;
  };
  // No interface but a down loopback: every address is unreachable.
  const noRoutes = script('ping-no-routes', 'exec unshare -n ping "$@"');
  // A route into loopback for 198.51.100.0/24 that nobody answers on: the echo goes out and no reply comes.
  const blackHole = script(
    'ping-black-hole',
    `exec unshare -n sh -c 'ip link set lo up && ip route add 198.51.100.0/24 dev lo && exec ping "$@"' ping "$@"`,
  );
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fails with "network unreachable" when there is no route', async () => {
    const result = await runCheck(icmpSpec('198.51.100.2'), { ...checkOptions, pingPath: noRoutes });
    expect(result).toMatchObject({ success: false, error: 'network unreachable', failure_class: 'target' });
    expect(result.phases.response).toBeNull();
  });

  it('fails with "no reply within 1 s" when nothing answers', async () => {
    const result = await runCheck(icmpSpec('198.51.100.2'), { ...checkOptions, pingPath: blackHole });
    expect(result).toMatchObject({ success: false, error: 'no reply within 1 s' });
    // Ended by its 1 s timeout (the fake ping never answers); no upper bound on a busy machine.
    expect(result.phases.duration).toBeGreaterThanOrEqual(900);
  });
});

describe('ping output', () => {
  it('reads the round trip', () => {
    expect(parsePingRtt('64 bytes from 127.0.0.1: icmp_seq=1 ttl=64 time=0.045 ms')).toBe(0.045);
    expect(parsePingRtt('64 bytes from 10.0.0.1: icmp_seq=1 ttl=64 time=12.3 ms')).toBe(12.3);
    expect(parsePingRtt('1 packets transmitted, 0 received, 100% packet loss')).toBeNull();
  });

  it.each([
    [2, 'ping: connect: Network is unreachable', 'network unreachable'],
    [1, 'From 10.0.0.2 icmp_seq=1 Destination Host Unreachable', 'no route to host'],
    [2, 'ping: socket: Operation not permitted', 'ping is not permitted on this machine'],
    [2, 'ping: nowhere: Name or service not known', 'unknown host'],
    [1, '1 packets transmitted, 0 received, 100% packet loss', 'no reply within 3 s'],
    [2, 'ping: something new', 'ping: something new'],
  ])('exit %d with %j → %s', (code, output, text) => {
    expect(describePingFailure(code, output, 3000)).toBe(text);
  });
});
