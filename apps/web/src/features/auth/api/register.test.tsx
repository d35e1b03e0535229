// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/testing/test-utils';
import { register } from './register';

/** Sign-up sends the browser's zone, the new account's default (issue 15). */
function browserIn(timeZone: string | undefined) {
  const real = Intl.DateTimeFormat;
  // Only the browser's own formatter (no zone asked for) is in the stubbed zone; named zones stay real.
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(((locale?: string, options?: Intl.DateTimeFormatOptions) => {
    const formatter = new real(locale, options);
    if (options?.timeZone) return formatter;
    const resolved = formatter.resolvedOptions();
    formatter.resolvedOptions = () => ({ ...resolved, timeZone: timeZone as string });
    return formatter;
  }) as typeof Intl.DateTimeFormat);
}

async function sentBody() {
  const fetchMock = stubFetch(() => ({ body: { key: 'k' } }));
  await register({ email: 'new@example.test', password: 'long enough' });
  return JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('register', () => {
  it('sends the browser’s zone as time_zone', async () => {
    browserIn('Europe/Berlin');
    expect(await sentBody()).toEqual({
      email: 'new@example.test',
      password: 'long enough',
      time_zone: 'Europe/Berlin',
    });
  });

  it('sends Asia/Tehran when the browser names no zone', async () => {
    browserIn(undefined);
    expect((await sentBody()).time_zone).toBe('Asia/Tehran');
  });
});
