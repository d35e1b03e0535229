import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';

/**
 * Behind one load balancer (TRUST_PROXY=true, i.e. one hop): the client may send any
 * X-Forwarded-For it likes; the balancer appends the address it saw. The rate limits must count
 * that address, not the ones the client wrote.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(() => server.close());

const BALANCER = '10.0.0.5';
const CLIENT = '203.0.113.7';
const forged = () => `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

const login = (forwardedFor: string, remoteAddress = BALANCER) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { email: uniqueEmail('xff'), password: 'wrong password' },
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('client address behind a trusted proxy', () => {
  it("takes the address the balancer appended: a forged left-most entry does not escape the address's limit", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      statuses.push((await login(`${forged()}, ${forged()}, ${CLIENT}`)).statusCode);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400));
    expect(statuses[30]).toBe(429);
    // Another client behind the same balancer is counted apart.
    expect((await login(`${CLIENT}, 203.0.113.8`)).statusCode).toBe(400);
  });
});
