// @vitest-environment jsdom
import type { Profile } from '@paydar/contracts/accounts';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { profileQueryKey } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { setSessionToken } from '@/lib/session-store';
import { buildProfile, renderWithProviders, stubFetch } from '@/testing/test-utils';
import { GuestOnlyRoute, PrivateRoute } from './guards';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <PrivateRoute />,
        children: [
          { path: '/', element: <p>Dashboard page</p> },
          { path: '/settings', element: <p>Settings page</p> },
        ],
      },
      { element: <GuestOnlyRoute />, children: [{ path: '/login', element: <p>Login page</p> }] },
      { path: '/verify_email', element: <p>Verify page</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

function signIn(profile: Profile) {
  queryClient.setQueryData(profileQueryKey, profile);
  setSessionToken('key-1', profile.is_verified ? 'local' : 'tab');
}

describe('route guards', () => {
  it.each(['/', '/settings'])('send a signed-out visitor from %s to /login', async (path) => {
    const router = renderAt(path);
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(['/', '/settings', '/login'])('send an unverified user from %s to /verify_email', async (path) => {
    signIn(buildProfile({ is_verified: false }));
    const router = renderAt(path);
    expect(await screen.findByText('Verify page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/verify_email');
  });

  it('lead a visitor who signs in back to the page they were sent away from, query included', async () => {
    const router = renderAt('/settings?verify_channel=email&token=t');
    expect(await screen.findByText('Login page')).toBeTruthy();
    signIn(buildProfile());
    expect(await screen.findByText('Settings page')).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/settings?verify_channel=email&token=t',
    );
  });

  it('never follow a remembered path off the site', async () => {
    signIn(buildProfile());
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>Dashboard page</p> },
        { element: <GuestOnlyRoute />, children: [{ path: '/login', element: <p>Login page</p> }] },
      ],
      { initialEntries: [{ pathname: '/login', state: { from: '//evil.example/x' } }] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
  });

  it('send a verified user away from guest-only pages to /', async () => {
    signIn(buildProfile());
    const router = renderAt('/login');
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('let a verified user in, and leave /verify_email open', async () => {
    signIn(buildProfile());
    renderAt('/settings');
    expect(await screen.findByText('Settings page')).toBeTruthy();
    renderAt('/verify_email');
    expect(await screen.findByText('Verify page')).toBeTruthy();
  });

  it('treat a key the server rejects as signed out', async () => {
    stubFetch(() => ({ status: 401, body: { detail: 'Invalid token.', code: 'UNAUTHENTICATED' } }));
    setSessionToken('stale', 'local');
    const router = renderAt('/settings');
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});
