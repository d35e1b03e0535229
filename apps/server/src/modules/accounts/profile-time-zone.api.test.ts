import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';

/** The profile's time zone (issue 14): alert messages and the history give times in it. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const getProfile = (headers: Record<string, string>) =>
  server.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers });
const putProfile = (user: BuiltUser | { headers: Record<string, string> }, payload: object) =>
  server.app.inject({ method: 'PUT', url: '/api/v1/users/profile', headers: user.headers, payload });

describe('profile time_zone', () => {
  it('is Asia/Tehran for a new account', async () => {
    const user = await buildUser(server);
    expect((await getProfile(user.headers)).json().time_zone).toBe('Asia/Tehran');
  });

  it('is changed by PUT, spelled as the tz database spells it, and leaves the channels alone', async () => {
    const user = await buildUser(server);
    const response = await putProfile(user, { time_zone: 'europe/berlin' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().time_zone).toBe('Europe/Berlin');
    expect((await getProfile(user.headers)).json()).toMatchObject({ time_zone: 'Europe/Berlin', email: user.email });
    expect((await putProfile(user, { time_zone: 'UTC' })).json().time_zone).toBe('UTC');
  });

  it('refuses what is not a time zone with a 400 on time_zone, and keeps the old one', async () => {
    const user = await buildUser(server);
    for (const bad of [
      'Mars/Olympus_Mons',
      '',
      'Asia/Tehran\u0000',
      '<script>alert(1)</script>',
      'a'.repeat(65),
      '../../etc/passwd',
      '+03:30',
      42,
      null,
    ]) {
      const response = await putProfile(user, { time_zone: bad });
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json(), String(bad)).toHaveProperty('time_zone');
    }
    expect((await getProfile(user.headers)).json().time_zone).toBe('Asia/Tehran');
  });

  it('cannot be changed on the demo account', async () => {
    const key = (await server.app.inject({ method: 'GET', url: '/api/v1/users/login_as_demo' })).json().key;
    const response = await putProfile({ headers: { authorization: `Token ${key}` } }, { time_zone: 'UTC' });
    expect(response.statusCode).toBe(403);
  });
});
