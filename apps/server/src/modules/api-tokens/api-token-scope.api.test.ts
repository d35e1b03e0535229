import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildUser, callAs } from '../../../test/factories';
import { useTestServer } from '../../../test/use-test-server';
import { probers } from '../../db/schema/index';
import { READ_ONLY_TOKEN_TEXT, SESSION_ONLY_TEXT } from '../../http/authentication';
import { generateApiToken } from './api-token-secret';
import { API_TOKENS_PATH } from './api-tokens.routes';
import { bearer, callWithToken, createToken } from './api-tokens.test-support';

const server = useTestServer();

const localProberId = async () =>
  (await server.context.db.select().from(probers).where(eq(probers.name, 'Local')))[0]?.id ?? 0;
const monitorBody = async () => ({
  protocol_type: 'HTTP',
  url: '93.184.216.34/health',
  period: 300,
  apdex: 0.5,
  probers: [await localProberId()],
});

describe('a read token', () => {
  it('makes GET and HEAD calls, and is refused POST, PUT, PATCH and DELETE with 403', async () => {
    const user = await buildUser(server);
    const monitor = (await callAs(server, user, 'POST', '/api/v1/monitors/', await monitorBody())).json();
    const { token } = await createToken(server, user, { scope: 'read' });

    const list = await callWithToken(server, token, 'GET', '/api/v1/monitors/');
    expect(list.statusCode).toBe(200);
    expect(list.json().results.map((m: { id: number }) => m.id)).toEqual([monitor.id]);
    expect((await callWithToken(server, token, 'HEAD', '/api/v1/monitors/')).statusCode).toBe(200);

    const writes = [
      ['POST', '/api/v1/monitors/', await monitorBody()],
      ['PUT', `/api/v1/monitors/${monitor.id}/`, await monitorBody()],
      ['DELETE', `/api/v1/monitors/${monitor.id}/`, undefined],
      ['PATCH', '/api/v1/status_pages/1/incidents/1/', { title: 'x' }],
      ['POST', '/api/v1/maintenance_windows', { title: 'x' }],
    ] as const;
    for (const [method, url, payload] of writes) {
      const response = await callWithToken(server, token, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().detail).toBe(READ_ONLY_TOKEN_TEXT);
    }
    expect((await callAs(server, user, 'GET', '/api/v1/monitors/')).json().count).toBe(1);
  });
});

describe('a read_write token', () => {
  it('creates, edits and deletes like the owner, and sees only the owner’s data', async () => {
    const user = await buildUser(server);
    const stranger = await buildUser(server);
    const strangers = (await callAs(server, stranger, 'POST', '/api/v1/monitors/', await monitorBody())).json();
    const { token } = await createToken(server, user);

    const created = await callWithToken(server, token, 'POST', '/api/v1/monitors/', await monitorBody());
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect((await callAs(server, user, 'GET', `/api/v1/monitors/${id}/`)).statusCode).toBe(200);
    expect((await callWithToken(server, token, 'GET', `/api/v1/monitors/${strangers.id}/`)).statusCode).toBe(404);
    expect((await callWithToken(server, token, 'DELETE', `/api/v1/monitors/${strangers.id}/`)).statusCode).toBe(404);
    expect((await callWithToken(server, token, 'DELETE', `/api/v1/monitors/${id}/`)).statusCode).toBe(200);
  });

  it('is refused the token routes, account, password and email changes, sign-out, impersonation, payments and the live stream', async () => {
    const staff = await buildUser(server, { staff: true });
    const customer = await buildUser(server);
    const { id, token } = await createToken(server, staff);
    const sessionOnly = [
      ['GET', API_TOKENS_PATH, undefined],
      ['POST', API_TOKENS_PATH, { name: 'minted by a thief', scope: 'read_write' }],
      ['DELETE', `${API_TOKENS_PATH}/${id}`, undefined],
      ['PUT', '/api/v1/users/profile', { email: 'thief@example.test', current_password: 'x' }],
      ['POST', '/api/v1/users/change_password', { current_password: staff.password, password: 'taken over!' }],
      ['POST', '/api/v1/users/confirm_email', { token: 'x' }],
      ['POST', '/api/v1/users/logout', undefined],
      ['POST', '/api/v1/users/logout_all', undefined],
      ['POST', '/api/v1/staff/impersonation_tokens', { email: customer.email }],
      ['POST', '/api/v1/users/zarinpal/request?amount=100000', {}],
      ['POST', '/api/v2/users/subscriptions/buy', { plan: 1, period: 'Monthly' }],
      ['PATCH', '/api/v1/users/subscriptions/auto_renew', { auto_renew: false }],
      ['POST', '/api/v1/users/add_credit', { amount: 1000 }],
      ['GET', '/api/v1/live/', undefined],
    ] as const;
    for (const [method, url, payload] of sessionOnly) {
      const response = await callWithToken(server, token, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().detail, `${method} ${url}`).toBe(SESSION_ONLY_TEXT);
    }
    // Nothing changed: the token still works, the password and the token list are as they were.
    expect((await callWithToken(server, token, 'GET', '/api/v1/users/profile')).statusCode).toBe(200);
    expect((await callAs(server, staff, 'GET', API_TOKENS_PATH)).json().count).toBe(1);
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: staff.email, password: staff.password },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('the Authorization header', () => {
  it('answers 401, never 500, to a malformed, oversized, NUL-laden or mixed-up credential', async () => {
    const user = await buildUser(server);
    const { token } = await createToken(server, user);
    const headers = [
      'Bearer',
      'Bearer ',
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -1)}`,
      `Bearer ${generateApiToken()}`,
      `Bearer ${'pdr_'.padEnd(10_240, 'A')}`,
      `Bearer ${'A'.repeat(10_240)}`,
      `Bearer ${token.slice(0, 20)}\u0000${token.slice(21)}`,
      `Bearer\u0000${token}`,
      `Bearer ${token} ${token}`,
      `Token ${token}`,
      `Bearer ${user.key}`,
      `Basic ${Buffer.from(`${user.email}:${user.password}`).toString('base64')}`,
      `${' '.repeat(10_240)}Bearer ${token}`,
    ];
    for (const authorization of headers) {
      const response = await server.app.inject({
        method: 'GET',
        url: '/api/v1/monitors/',
        headers: { authorization },
      });
      expect(response.statusCode, JSON.stringify(authorization.slice(0, 60))).toBe(401);
      expect(response.json().code).toBe('NOT_AUTHENTICATED');
    }
    const good = await server.app.inject({ method: 'GET', url: '/api/v1/monitors/', headers: bearer(token) });
    expect(good.statusCode).toBe(200);
    const lowerCase = await server.app.inject({
      method: 'GET',
      url: '/api/v1/monitors/',
      headers: { authorization: `bearer   ${token}` },
    });
    expect(lowerCase.statusCode).toBe(200);
  });
});

/** One raw HTTP/1.1 request over a real socket (no client that would refuse odd bytes); the status line's code. */
async function rawStatus(port: number, authorization: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (status) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on('error', reject);
    socket.write(
      `GET /api/v1/monitors/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${authorization}\r\nConnection: close\r\n\r\n`,
      'latin1',
    );
  });
}

describe('the Authorization header over a real socket', () => {
  it('gets a 4xx, never a 5xx, for NUL bytes and 10 KB values', async () => {
    const user = await buildUser(server);
    const { token } = await createToken(server, user);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    expect(await rawStatus(port, `Bearer ${token}`)).toBe(200);
    expect(await rawStatus(port, `Bearer ${'pdr_'.padEnd(10_240, 'A')}`)).toBe(401);
    // Node's HTTP parser refuses a NUL in a header before any route runs.
    const withNul = await rawStatus(port, `Bearer ${token.slice(0, 20)}\u0000${token.slice(21)}`);
    expect(withNul).toBeGreaterThanOrEqual(400);
    expect(withNul).toBeLessThan(500);
  });
});
