// @vitest-environment jsdom

import type { Profile } from '@paydar/contracts/accounts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { getSession, setSessionToken } from '@/lib/session-store';
import { currentLocation, renderAt } from '@/testing/render-at';
import { buildProfile, stubFetch } from '@/testing/test-utils';
import { UserMenu } from './user-menu';

function signIn(overrides: Partial<Profile> = {}) {
  setSessionToken('key-1', 'local');
  queryClient.setQueryData(profileQueryKey, buildProfile(overrides));
}

const openMenu = () => fireEvent.click(screen.getByRole('button', { name: 'User menu' }));

describe('user menu', () => {
  it('signs out everywhere: the server ends every session, then this browser forgets its own', async () => {
    signIn();
    const fetchMock = stubFetch((url) =>
      url.endsWith('/api/v1/users/logout_all') ? { body: { success: true } } : { body: { count: 0, results: [] } },
    );
    renderAt(<UserMenu />, '/');
    openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(getSession().token).toBeNull());
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/v1/users/logout_all'));
    expect(call?.[1]).toMatchObject({ method: 'POST', headers: { Authorization: 'Token key-1' } });
    expect(localStorage.getItem('paydar.token')).toBeNull();
  });

  it('stays signed in and says so when the server did not sign the other sessions out', async () => {
    signIn();
    stubFetch((url) =>
      url.endsWith('/api/v1/users/logout_all') ? { status: 503, body: { detail: 'Try later.' } } : { body: {} },
    );
    renderAt(<UserMenu />, '/');
    openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Try later.')).toBeTruthy();
    expect(getSession().token).toBe('key-1');
  });

  it('opens the account page', async () => {
    signIn();
    stubFetch(() => ({ body: {} }));
    renderAt(<UserMenu />, '/');
    openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Account' }));
    expect(currentLocation()).toBe('/account');
  });

  it('opens the status pages, beside Maintenance', async () => {
    signIn();
    stubFetch(() => ({ body: {} }));
    renderAt(<UserMenu />, '/');
    openMenu();
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items.indexOf('Status pages')).toBe(items.indexOf('Maintenance') + 1);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Status pages' }));
    expect(currentLocation()).toBe('/status_pages');
  });

  it('offers neither Account nor Sign out everywhere to the demo account', async () => {
    signIn({ is_demo: true });
    stubFetch(() => ({ body: {} }));
    renderAt(<UserMenu />, '/');
    openMenu();
    await screen.findByRole('menuitem', { name: 'LogOut' });
    expect(screen.queryByRole('menuitem', { name: 'Sign out everywhere' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Account' })).toBeNull();
  });

  it('offers neither to staff impersonating (the flag is read when the page loads)', async () => {
    localStorage.setItem('paydar.impersonate', '1');
    vi.resetModules();
    const sessions = await import('@/lib/session-store');
    const queries = await import('@/lib/query-client');
    const auth = await import('@/lib/auth');
    const routing = await import('@/testing/render-at');
    const menu = await import('./user-menu');
    sessions.setSessionToken('key-1', 'local');
    queries.queryClient.setQueryData(auth.profileQueryKey, buildProfile());
    stubFetch(() => ({ body: {} }));
    routing.renderAt(<menu.UserMenu />, '/');
    openMenu();
    await screen.findByRole('menuitem', { name: 'LogOut' });
    expect(screen.queryByRole('menuitem', { name: 'Sign out everywhere' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Account' })).toBeNull();
    sessions.clearSession();
  });
});
