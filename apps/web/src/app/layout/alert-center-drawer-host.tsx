import { lazy, Suspense, useEffect, useState } from 'react';
import { closeAlertCenterDrawer, useAlertCenterDrawerOpened } from '@/lib/alert-center-drawer';

// The drawer loads on first use; most visits never open it.
const AlertCenterDrawer = lazy(() =>
  import('@/features/alerts/components/alert-center-drawer').then((module) => ({ default: module.AlertCenterDrawer })),
);

/** The one alert center drawer of the signed-in app, opened through lib/alert-center-drawer. */
export function AlertCenterDrawerHost() {
  const opened = useAlertCenterDrawerOpened();
  // Once loaded it stays mounted, so closing slides it out instead of cutting it off.
  const [loaded, setLoaded] = useState(opened);
  useEffect(() => {
    if (opened) setLoaded(true);
  }, [opened]);
  // A drawer left open is not carried into the next session or screen set.
  useEffect(() => closeAlertCenterDrawer, []);
  if (!loaded && !opened) return null;
  return (
    <Suspense fallback={null}>
      <AlertCenterDrawer opened={opened} onClose={closeAlertCenterDrawer} />
    </Suspense>
  );
}
