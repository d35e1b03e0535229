import { afterAll, beforeAll, it } from 'vitest';
import { buildUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(() => server.close());

it('explore', async () => {
  const user = await buildUser(server);
  const cases: Array<[string, string, string | undefined, Record<string,string>]> = [
    ['POST', '/api/v1/users/login', '{bad', { 'content-type': 'application/json' }],
    ['POST', '/api/v1/users/login', JSON.stringify({ email: 123, password: 'x' }), { 'content-type': 'application/json' }],
    ['POST', '/api/v1/users/login', JSON.stringify({ password: 'x' }), { 'content-type': 'application/json' }],
    ['POST', '/api/v1/users/login', JSON.stringify({ email: 'a@b.co', password: 'x', foo: 1, bar: 2 }), { 'content-type': 'application/json' }],
    ['POST', '/api/v1/users/login', 'email=a', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['POST', '/api/v1/users/login', 'email=a', { 'content-type': 'text/plain' }],
    ['POST', '/api/v1/users/login', undefined, { }],
    ['POST', '/api/v1/users/login', '', { 'content-type': 'application/json' }],
    ['POST', '/api/v1/users/login', 'null', { 'content-type': 'application/json' }],
    ['POST', '/api/v1/users/login', '[]', { 'content-type': 'application/json' }],
    ['POST', '/api/v1/users/login', '"str"', { 'content-type': 'application/json' }],
    ['POST', '/api/v1/users/login', '{"__proto__": {"x":1}, "email":"a@b.co","password":"x"}', { 'content-type': 'application/json' }],
    ['POST', '/api/v1/users/login', '{"constructor": {"prototype":{"x":1}}, "email":"a@b.co","password":"x"}', { 'content-type': 'application/json' }],
    ['PUT', '/api/v1/users/profile', JSON.stringify({ alert_channels: { emails: [{ value: 5 }], foo: 1 } }), { 'content-type': 'application/json', ...user.headers }],
    ['PUT', '/api/v1/users/profile', JSON.stringify({ alert_channels: { emails: [{ value: 'x', zzz: 1 }] } }), { 'content-type': 'application/json', ...user.headers }],
    ['PUT', '/api/v1/users/profile', JSON.stringify({ alert_channels: 5 }), { 'content-type': 'application/json', ...user.headers }],
    ['PUT', '/api/v1/users/profile', '{bad', { 'content-type': 'application/json' }],
    ['POST', '/api/v1/users/logout', '{bad', { 'content-type': 'application/json', ...user.headers }],
    ['POST', '/api/v1/users/impersonate', JSON.stringify({ token: 5 }), { 'content-type': 'application/json' }],
    ['POST', '/api/v1/users/login', `{"email":"${'a'.repeat(1024*1024+10)}"}`, { 'content-type': 'application/json' }],
    ['GET', '/api/v1/users/profile', undefined, { authorization: 'Token ' + 'x'.repeat(300) }],
    ['POST', '/api/v1/users/login', '{"email":"a@b.co","password":"x"}', { 'content-type': 'application/json; charset=utf-16' }],
    ['POST', '/api/v1/users/login', '\u0000', { 'content-type': 'application/json' }],
  ];
  for (const [method, url, payload, headers] of cases) {
    const r = await server.app.inject({ method: method as 'POST', url, payload, headers });
    console.log(method, url, payload?.slice(0, 80), headers['content-type'], '=>', r.statusCode, r.body.slice(0, 400), r.headers['content-type']);
  }
});
