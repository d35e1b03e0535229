/**
 * The code of the signed-in frame and the dashboard, loaded by the router (router.tsx) and, for a
 * returning visitor of the dashboard, by the page's first module at once (main.tsx): beside the app's
 * code instead of after the session is known. The same import, so it is loaded once.
 */
export const loadAppLayout = () => import('./layout/app-layout');
export const loadDashboard = () => import('./routes/dashboard');

/** `/` and `/monitor/:id`: the dashboard's addresses (router.tsx). */
export function isDashboardPath(pathname: string): boolean {
  return pathname === '/' || /^\/monitor\/[^/]+\/?$/.test(pathname);
}

/** Starts loading the dashboard's code; a failure is left to the router, which loads it again and reports. */
export function preloadDashboard(): void {
  for (const load of [loadAppLayout, loadDashboard]) load().catch(() => undefined);
}
