import { matchRoutes, type RouteObject } from 'react-router';
import { GuestOnlyRoute, PrivateRoute } from './guards';
import type { PreloadableComponent } from './preloadable-lazy';

/**
 * Loads the code of the screens `pathname` shows in `routes` (its layouts and its screen), so the
 * first render finds them in memory. A signed-out visitor of a private address is sent to /login,
 * and a signed-in one of a guest-only address away: the screens past that guard are not loaded.
 */
export async function preloadScreens(routes: RouteObject[], pathname: string, signedIn: boolean): Promise<void> {
  const loads: Promise<void>[] = [];
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const screen =
      route.element && typeof route.element === 'object' && 'type' in route.element ? route.element.type : null;
    if ((screen === PrivateRoute && !signedIn) || (screen === GuestOnlyRoute && signedIn)) break;
    if (isPreloadable(screen)) loads.push(screen.preload());
  }
  await Promise.all(loads);
}

function isPreloadable(screen: unknown): screen is PreloadableComponent {
  return typeof screen === 'function' && typeof (screen as Partial<PreloadableComponent>).preload === 'function';
}
