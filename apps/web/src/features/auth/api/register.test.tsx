// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/testing/test-utils';
import { register } from './register';

/** Sign-up sends the browser's zone, the new account's default (issue 15). */
const browser = vi.hoisted(() => ({ timeZone: 'Europe/Berlin' }));
vi.mock('@/lib/date-time', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/date-time')>()),
  browserTimeZone: () => browser.timeZone,
}));

async function sentBody() {
  const fetchMock = stubFetch(() => ({ body: { key: 'k' } }));
  await register({ email: 'new@example.test', password: 'long enough' });
  return JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('register', () => {
  it('sends the browser’s zone as time_zone, spelled as the tz database spells it', async () => {
    browser.timeZone = 'europe/berlin';
    expect(await sentBody()).toEqual({
      email: 'new@example.test',
      password: 'long enough',
      time_zone: 'Europe/Berlin',
    });
  });

  it('sends no zone when the browser’s is not one this runtime knows: the server picks Asia/Tehran', async () => {
    browser.timeZone = 'Mars/Olympus_Mons';
    expect(await sentBody()).toEqual({ email: 'new@example.test', password: 'long enough' });
  });
});
