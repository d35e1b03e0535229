// @vitest-environment jsdom
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { GuestOnlyRoute, PrivateRoute } from './guards';
import { preloadScreens } from './preload-screens';
import { preloadableLazy } from './preloadable-lazy';

function trackedScreen() {
  const load = vi.fn(async () => ({ default: () => null }));
  return { Screen: preloadableLazy(load), load };
}

function routeTable() {
  const layout = trackedScreen();
  const dashboard = trackedScreen();
  const settings = trackedScreen();
  const login = trackedScreen();
  const terms = trackedScreen();
  const routes: RouteObject[] = [
    {
      element: <PrivateRoute />,
      children: [
        {
          element: <layout.Screen />,
          children: [
            { index: true, element: <dashboard.Screen /> },
            { path: 'settings', element: <settings.Screen /> },
          ],
        },
      ],
    },
    { element: <GuestOnlyRoute />, children: [{ path: 'login', element: <login.Screen /> }] },
    { path: 'tos', element: <terms.Screen /> },
  ];
  return { routes, layout, dashboard, settings, login, terms };
}

describe('preloadScreens', () => {
  it("loads a signed-in visitor's layout and screen, and no other", async () => {
    const table = routeTable();
    await preloadScreens(table.routes, '/', true);
    expect(table.layout.load).toHaveBeenCalledTimes(1);
    expect(table.dashboard.load).toHaveBeenCalledTimes(1);
    for (const other of [table.settings, table.login, table.terms]) expect(other.load).not.toHaveBeenCalled();
  });

  it('loads nothing behind the private guard for a signed-out visitor (they are sent to /login)', async () => {
    const table = routeTable();
    await preloadScreens(table.routes, '/settings', false);
    expect(table.layout.load).not.toHaveBeenCalled();
    expect(table.settings.load).not.toHaveBeenCalled();
  });

  it('loads the login screen for a signed-out visitor, and not for a signed-in one', async () => {
    const signedOut = routeTable();
    await preloadScreens(signedOut.routes, '/login', false);
    expect(signedOut.login.load).toHaveBeenCalledTimes(1);
    const signedIn = routeTable();
    await preloadScreens(signedIn.routes, '/login', true);
    expect(signedIn.login.load).not.toHaveBeenCalled();
  });

  it('loads an open screen for anyone, and nothing for an unknown address', async () => {
    const table = routeTable();
    await preloadScreens(table.routes, '/tos', false);
    expect(table.terms.load).toHaveBeenCalledTimes(1);
    await expect(preloadScreens(table.routes, '/no/such/page\u0000<b>', true)).resolves.toBeUndefined();
  });
});
