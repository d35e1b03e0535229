import { FRAMING_HEADERS } from '@paydar/contracts/http-headers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { probers } from '../../db/schema/index';

let server: TestServer;
let user: BuiltUser;
let proberId: number;
beforeAll(async () => {
  server = await startTestServer();
  user = await buildUser(server);
  const [local] = await server.context.db.select().from(probers).where(eq(probers.name, 'Local'));
  proberId = local?.id ?? 0;
});
afterAll(() => server.close());

const save = (headers: Array<{ key: string; value: string }>, method: 'POST' | 'PUT' = 'POST', id?: number) =>
  server.app.inject({
    method,
    url: method === 'POST' ? '/api/v1/monitors/' : `/api/v1/monitors/${id}/`,
    headers: user.headers,
    payload: {
      protocol_type: 'HTTP',
      url: 'http://93.184.216.34/',
      period: 300,
      apdex: 0.5,
      probers: [proberId],
      http_headers: headers,
    },
  });

function expectRefused(response: Awaited<ReturnType<typeof save>>, field: string, message: RegExp) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body[field]?.[0]).toMatch(message);
  expect(body.detail).toMatch(new RegExp(`^${field.replaceAll('.', '\\.')}: `));
}

describe('monitor request headers', () => {
  it.each([...FRAMING_HEADERS, 'Transfer-Encoding', 'CONTENT-LENGTH'])(
    'refuses %s at save, naming the field: the check frames its own requests',
    async (name) => {
      const response = await save([
        { key: 'X-Fine', value: 'yes' },
        { key: name, value: name.toLowerCase() === 'content-length' ? '0' : 'chunked' },
      ]);
      expectRefused(response, 'http_headers.1.key', /set by the check itself/);
    },
  );

  it.each([
    ['a CR LF in a value', { key: 'X-A', value: 'a\r\nX-Injected: 1' }, 'http_headers.0.value'],
    ['a lone LF in a value', { key: 'X-A', value: 'a\nb' }, 'http_headers.0.value'],
    ['a tab-free control character in a value', { key: 'X-A', value: 'a\u001fb' }, 'http_headers.0.value'],
    ['text beyond Latin-1 in a value (Node refuses to send it)', { key: 'X-A', value: 'سلام' }, 'http_headers.0.value'],
    ['a line break in a name', { key: 'X-A\r\nX-B', value: 'v' }, 'http_headers.0.key'],
    ['a space in a name', { key: 'X A', value: 'v' }, 'http_headers.0.key'],
    ['a colon in a name', { key: 'X-A:', value: 'v' }, 'http_headers.0.key'],
  ])('refuses %s at save', async (_case, header, field) => {
    const response = await save([header]);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toHaveProperty([field]);
  });

  it('refuses on edit as on create', async () => {
    const created = await save([]);
    expect(created.statusCode).toBe(201);
    expectRefused(
      await save([{ key: 'Connection', value: 'keep-alive' }], 'PUT', created.json().id),
      'http_headers.0.key',
      /set by the check/,
    );
  });

  it('keeps Host (the check still connects to the URL), tabs, Latin-1 and every token character', async () => {
    const headers = [
      { key: 'Host', value: 'www.example.test' },
      { key: 'X-Tab', value: 'a\tb' },
      { key: 'X-Latin', value: 'café' },
      { key: "!#$%&'*+-.^_`|~09azAZ", value: 'token' },
    ];
    const response = await save(headers);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().http_headers).toEqual(headers);
  });
});
