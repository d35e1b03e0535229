import { knownTimeZones } from '@paydar/contracts/time-zones';
import { describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, uniqueEmail } from '../../../test/factories';
import { useTestServer } from '../../../test/use-test-server';

/**
 * The profile's time zone (issue 14) and calendar (issue 15): every date on screen and in alert
 * messages follows them; sign-up takes the browser's zone.
 */
const server = useTestServer();

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

  it('keeps the canonical IANA name the user chose, and answers a legacy alias by its canonical name (issue 37)', async () => {
    const user = await buildUser(server);
    for (const [sent, kept] of [
      ['Asia/Kathmandu', 'Asia/Kathmandu'],
      ['Asia/Kolkata', 'Asia/Kolkata'],
      ['Europe/Kyiv', 'Europe/Kyiv'],
      ['America/Nuuk', 'America/Nuuk'],
      ['asia/kathmandu', 'Asia/Kathmandu'],
      ['Asia/Calcutta', 'Asia/Kolkata'],
      ['Europe/Kiev', 'Europe/Kyiv'],
      ['Etc/UTC', 'UTC'],
    ]) {
      const response = await putProfile(user, { time_zone: sent });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().time_zone, sent).toBe(kept);
      expect((await getProfile(user.headers)).json().time_zone, sent).toBe(kept);
    }
  });

  it('round-trips every zone the picker offers, as offered', async () => {
    const user = await buildUser(server);
    const offered = knownTimeZones();
    expect(offered).toContain('Asia/Kathmandu');
    expect(offered).not.toContain('Asia/Katmandu');
    const changed: string[] = [];
    for (const zone of offered) {
      const response = await putProfile(user, { time_zone: zone });
      if (response.statusCode !== 200 || response.json().time_zone !== zone) changed.push(`${zone} → ${response.body}`);
    }
    expect(changed).toEqual([]);
    expect((await getProfile(user.headers)).json().time_zone).toBe(offered.at(-1));
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

async function signUp(extra: object) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/users/register',
    payload: { email: uniqueEmail(), password: 'long enough password', ...extra },
  });
  return response;
}

async function profileAfterSignUp(extra: object) {
  const response = await signUp(extra);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return (await getProfile({ authorization: `Token ${response.json().key}` })).json();
}

describe('sign-up: the browser’s zone, and the calendar that goes with it', () => {
  it.each([
    [{}, 'Asia/Tehran', 'jalali'],
    [{ time_zone: 'Asia/Tehran' }, 'Asia/Tehran', 'jalali'],
    [{ time_zone: 'Iran' }, 'Asia/Tehran', 'jalali'],
    [{ time_zone: 'Europe/Berlin' }, 'Europe/Berlin', 'gregorian'],
    [{ time_zone: 'america/new_york' }, 'America/New_York', 'gregorian'],
    [{ time_zone: 'UTC' }, 'UTC', 'gregorian'],
  ])('%j starts in %s with the %s calendar', async (extra, zone, calendar) => {
    expect(await profileAfterSignUp(extra)).toMatchObject({ time_zone: zone, calendar });
  });

  it('refuses a zone that is not one, naming time_zone, and makes no account', async () => {
    for (const bad of ['Mars/Olympus_Mons', 'Asia/Tehran\u0000', '<b>UTC</b>', 'x'.repeat(200), 3.5]) {
      const email = uniqueEmail();
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/v1/users/register',
        payload: { email, password: 'long enough password', time_zone: bad },
      });
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json(), String(bad)).toHaveProperty('time_zone');
      const login = await server.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email, password: 'long enough password' },
      });
      expect(login.statusCode).toBe(400);
    }
  });
});

describe('profile calendar', () => {
  it('is changed by PUT and read back by GET, leaving the time zone alone', async () => {
    const user = await buildUser(server);
    expect((await getProfile(user.headers)).json()).toMatchObject({ calendar: 'gregorian', time_zone: 'Asia/Tehran' });
    const response = await putProfile(user, { calendar: 'jalali' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ calendar: 'jalali', time_zone: 'Asia/Tehran' });
    expect((await getProfile(user.headers)).json().calendar).toBe('jalali');
  });

  it('changes zone and calendar together in one PUT', async () => {
    const user = await buildUser(server);
    const response = await putProfile(user, { calendar: 'jalali', time_zone: 'Europe/Berlin' });
    expect(response.json()).toMatchObject({ calendar: 'jalali', time_zone: 'Europe/Berlin' });
  });

  it('refuses what is not a calendar with a 400 naming calendar, and keeps the old one', async () => {
    const user = await buildUser(server);
    for (const bad of ['persian', 'Jalali', '', '<script>', 'x'.repeat(10_000), 1, null, ['jalali']]) {
      const response = await putProfile(user, { calendar: bad });
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json().calendar, String(bad)).toEqual(["Choose a calendar: 'gregorian' or 'jalali'."]);
    }
    // The shared text rule refuses a NUL before the calendar is looked at, still naming the field.
    const nul = await putProfile(user, { calendar: 'jalali\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().calendar).toEqual(['Must not contain NUL characters.']);
    expect((await getProfile(user.headers)).json().calendar).toBe('gregorian');
  });

  it('cannot be changed for another user', async () => {
    const owner = await buildUser(server);
    const other = await buildUser(server);
    const ownerId = (await getProfile(owner.headers)).json().id;
    const response = await putProfile(other, { id: ownerId, calendar: 'jalali' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('id');
    expect((await getProfile(owner.headers)).json().calendar).toBe('gregorian');
    expect((await getProfile(other.headers)).json().calendar).toBe('gregorian');
  });

  it('needs a session', async () => {
    expect((await putProfile({ headers: {} }, { calendar: 'jalali' })).statusCode).toBe(401);
  });

  it('cannot be changed on the demo account', async () => {
    const key = (await server.app.inject({ method: 'GET', url: '/api/v1/users/login_as_demo' })).json().key;
    const response = await putProfile({ headers: { authorization: `Token ${key}` } }, { calendar: 'jalali' });
    expect(response.statusCode).toBe(403);
  });
});
