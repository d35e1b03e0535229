import type { CheckSpec } from '@paydar/contracts/agent';
import { describe, expect, it } from 'vitest';
import { runCheck } from './check';
import { parseHostPort } from './tcp-check';
import { checkOptions, closedPort, startTcpListener } from './test-support/servers';

const tcpSpec = (target: string): CheckSpec => ({
  monitor_id: 7,
  protocol: 'TCP',
  target,
  period_seconds: 60,
  timeout_ms: 2000,
});

describe('TCP check', () => {
  it('measures the connect time to a listener', async () => {
    const listener = await startTcpListener();
    const result = await runCheck(tcpSpec(`127.0.0.1:${listener.port}`), checkOptions);
    const named = await runCheck(tcpSpec(`localhost:${listener.port}`), checkOptions);
    await listener.close();
    expect(result).toMatchObject({ success: true, error: null, status_code: null });
    expect(result.phases.resolve).toBeNull();
    expect(result.phases.connect).toBeGreaterThan(0);
    expect(result.phases.tls).toBeNull();
    expect(result.phases.duration).toBeGreaterThanOrEqual(result.phases.connect ?? 0);
    expect(named.success).toBe(true);
    expect(named.phases.resolve).toBeGreaterThanOrEqual(0);
    expect(named.extra_info.address).toBe('127.0.0.1');
    expect(listener.accepted()).toBe(2);
  });

  it('reports a closed port as connection refused', async () => {
    const result = await runCheck(tcpSpec(`127.0.0.1:${await closedPort()}`), checkOptions);
    expect(result).toMatchObject({ success: false, error: 'connection refused' });
    expect(result.phases.connect).toBeNull();
  });

  it('reports a target without a port', async () => {
    expect((await runCheck(tcpSpec('127.0.0.1'), checkOptions)).error).toBe('invalid target: expected host:port');
  });

  it.each([
    ['example.com:80', undefined, { host: 'example.com', port: 80 }],
    ['[::1]:5353', undefined, { host: '::1', port: 5353 }],
    ['::1', 53, { host: '::1', port: 53 }],
    ['10.0.0.1', 53, { host: '10.0.0.1', port: 53 }],
  ])('parseHostPort(%s)', (target, defaultPort, expected) => {
    expect(parseHostPort(target, defaultPort)).toEqual(expected);
  });

  it.each(['host:0', 'host:70000', 'host:x', ''])('parseHostPort refuses %j', (target) => {
    expect(() => parseHostPort(target)).toThrow('invalid target');
  });
});
