import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { trustProxyOption } from './trust-proxy';

/** The address a request is counted under, for a TRUST_PROXY value, a peer and an X-Forwarded-For. */
async function clientAddress(setting: string, remoteAddress: string, forwardedFor?: string): Promise<string> {
  const app = Fastify({ trustProxy: trustProxyOption(loadConfig({ TRUST_PROXY: setting }).TRUST_PROXY) });
  app.get('/', (request) => ({ ip: request.ip }));
  const response = await app.inject({
    url: '/',
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  await app.close();
  return response.json().ip;
}

describe('TRUST_PROXY', () => {
  it.each([
    // [setting, peer, X-Forwarded-For, address taken]
    ['false', '10.0.0.5', '1.1.1.1, 203.0.113.7', '10.0.0.5'],
    ['true', '10.0.0.5', '1.1.1.1, 203.0.113.7', '203.0.113.7'],
    ['1', '10.0.0.5', '1.1.1.1, 203.0.113.7', '203.0.113.7'],
    ['2', '10.0.0.5', '1.1.1.1, 203.0.113.7, 10.0.0.9', '203.0.113.7'],
    ['2', '10.0.0.5', '203.0.113.7', '203.0.113.7'],
    ['10.0.0.0/8', '10.0.0.5', '1.1.1.1, 203.0.113.7, 10.0.0.9', '203.0.113.7'],
    ['10.0.0.0/8, 192.0.2.1', '192.0.2.1', '1.1.1.1, 203.0.113.7, 10.0.0.9', '203.0.113.7'],
    // A client that reaches us directly (not one of the listed proxies) cannot name its address.
    ['10.0.0.0/8', '203.0.113.50', '1.1.1.1', '203.0.113.50'],
  ])('%s: from %s with X-Forwarded-For "%s" takes %s', async (setting, peer, forwardedFor, expected) => {
    expect(await clientAddress(setting, peer, forwardedFor)).toBe(expected);
  });

  it('reads false, true (one hop), hop counts and address lists, and refuses anything else', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '3' }).TRUST_PROXY).toEqual({ hops: 3 });
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8 , ::1, loopback ' }).TRUST_PROXY).toEqual({
      addresses: ['10.0.0.0/8', '::1', 'loopback'],
    });
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0', 'fd00::/129', '10.0.0.1,', '-1'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });
});
