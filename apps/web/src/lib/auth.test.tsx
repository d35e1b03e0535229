// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { buildProfile, stubFetch } from '@/testing/test-utils';
import { dismissAccountSwitch, getAccountSwitchOffer } from './account-switch';
import { restoreSession } from './auth';
import { getSession, setSessionToken } from './session-store';

function visit(url: string) {
  window.history.replaceState(null, '', url);
}

describe('restoreSession (start-up)', () => {
  it('signs in with the auth query parameter and removes it from the address', async () => {
    const fetchMock = stubFetch(() => ({ body: buildProfile() }));
    visit('/settings?auth=from-link&tab=1');
    await restoreSession();
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: 'Token from-link' });
    expect(getSession().token).toBe('from-link');
    expect(window.location.pathname + window.location.search).toBe('/settings?tab=1');
    expect(localStorage.getItem('paydar.token')).toBe('from-link');
  });

  describe('with an auth parameter while already signed in', () => {
    const ana = buildProfile({ id: 1, email: 'ana@example.test', uid: 'ana-key' });
    const bob = buildProfile({ id: 2, email: 'bob@example.test', uid: 'bob-key' });
    /** Answers the profile of whichever key the request carries. */
    const profilesByKey = (profiles: Record<string, ReturnType<typeof buildProfile>>) =>
      stubFetch((_url, init) => {
        const key = String((init.headers as Record<string, string>).Authorization).replace('Token ', '');
        const found = profiles[key];
        return found ? { body: found } : { status: 401, body: { detail: 'Invalid token.' } };
      });

    it("does not switch to another account's key: it stays signed in and offers the switch", async () => {
      dismissAccountSwitch();
      profilesByKey({ 'ana-key': ana, 'bob-key': bob });
      localStorage.setItem('paydar.token', 'ana-key');
      visit('/settings?auth=bob-key');
      await restoreSession();
      expect(getSession().token).toBe('ana-key');
      expect(localStorage.getItem('paydar.token')).toBe('ana-key');
      expect(getAccountSwitchOffer()).toMatchObject({ key: 'bob-key', current: ana, offered: bob });
      expect(window.location.pathname + window.location.search).toBe('/settings');
    });

    it('changes nothing for a key of the same user, or a key the server refuses', async () => {
      dismissAccountSwitch();
      profilesByKey({ 'ana-key': ana, 'ana-other-key': { ...ana, uid: 'ana-other-key' } });
      for (const key of ['ana-other-key', 'dead-key']) {
        localStorage.setItem('paydar.token', 'ana-key');
        visit(`/?auth=${key}`);
        await restoreSession();
        expect(getSession().token).toBe('ana-key');
        expect(getAccountSwitchOffer()).toBeNull();
        expect(window.location.search).toBe('');
      }
    });

    it('signs in with the link when the stored key is no longer accepted', async () => {
      dismissAccountSwitch();
      profilesByKey({ 'bob-key': bob });
      localStorage.setItem('paydar.token', 'expired-key');
      visit('/?auth=bob-key');
      await restoreSession();
      expect(getSession().token).toBe('bob-key');
      expect(getAccountSwitchOffer()).toBeNull();
    });
  });

  it('keeps an unverified key for this tab only', async () => {
    stubFetch(() => ({ body: buildProfile({ is_verified: false }) }));
    visit('/?auth=new-user');
    await restoreSession();
    expect(getSession().token).toBe('new-user');
    expect(localStorage.getItem('paydar.token')).toBeNull();
    expect(sessionStorage.getItem('paydar.token')).toBe('new-user');
  });

  it('does not use the stored key on the impersonate path', async () => {
    const fetchMock = stubFetch(() => ({ body: buildProfile() }));
    setSessionToken('staff-key', 'local');
    visit('/impersonate?token=t');
    // a fresh page: nothing in memory yet, only storage
    const stored = localStorage.getItem('paydar.token');
    expect(stored).toBe('staff-key');
    await restoreSession();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('forgets a stored key the server rejects', async () => {
    stubFetch(() => ({ status: 401, body: { detail: 'Invalid token.', code: 'UNAUTHENTICATED' } }));
    localStorage.setItem('paydar.token', 'expired');
    visit('/');
    await restoreSession();
    expect(getSession().token).toBeNull();
    expect(localStorage.getItem('paydar.token')).toBeNull();
  });

  it('shows the routes at once when nothing is stored', async () => {
    const fetchMock = stubFetch(() => ({ body: buildProfile() }));
    visit('/login');
    await restoreSession();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getSession().token).toBeNull();
  });
});
