// @vitest-environment jsdom

import { describe, expect, it } from 'vitest';
import { COLOR_SCHEME_KEY } from '@/lib/color-scheme';
import { clearSession, getSession, setSessionToken, storeImpersonation } from '@/lib/session-store';
import { readStoredToken } from '@/lib/stored-token';
import { stubFetch } from '@/testing/test-utils';
import { exitImpersonation } from './exit-impersonation';

/** The browser as start-up leaves it after following an impersonation link (the key becomes the session). */
function followLink(customerKey: string) {
  storeImpersonation(customerKey);
  setSessionToken(customerKey, 'local');
}

describe('Exit Impersonation', () => {
  it("revokes the impersonation session and returns to the staff member's own key", async () => {
    setSessionToken('staff-key', 'local');
    followLink('customer-key');
    expect(readStoredToken()).toBe('customer-key');
    const fetchMock = stubFetch(() => ({ body: { success: true } }));

    await expect(exitImpersonation()).resolves.toBe('/');

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('https://api.example.test/api/v1/users/logout');
    // The key logged out is the impersonation key, never the staff member's.
    expect(init?.headers).toMatchObject({ Authorization: 'Token customer-key' });
    expect(readStoredToken()).toBe('staff-key');
    expect(getSession().token).toBe('staff-key');
    expect(localStorage.getItem('paydar.impersonate')).toBeNull();
  });

  it('a second link followed while impersonating still returns to the staff key, not the first customer', async () => {
    setSessionToken('staff-key', 'local');
    followLink('first-customer');
    followLink('second-customer');
    stubFetch(() => ({ body: { success: true } }));
    await exitImpersonation();
    expect(readStoredToken()).toBe('staff-key');
  });

  it('without a staff session in this browser, it signs out to /login even when the server cannot be reached', async () => {
    clearSession();
    followLink('customer-key');
    stubFetch(() => {
      throw new TypeError('offline');
    });
    await expect(exitImpersonation()).resolves.toBe('/login');
    expect(readStoredToken()).toBeNull();
    expect(getSession().token).toBeNull();
  });
});

describe('logout', () => {
  it('forgets every stored value but the light / dark choice, which belongs to the device', () => {
    setSessionToken('key', 'local');
    localStorage.setItem(COLOR_SCHEME_KEY, 'dark');
    localStorage.setItem('paydar.other', 'x');
    clearSession();
    expect(localStorage.getItem('paydar.token')).toBeNull();
    expect(localStorage.getItem('paydar.other')).toBeNull();
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('dark');
  });
});
