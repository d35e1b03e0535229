import { createOpenFlag } from './open-flag';

/**
 * Whether the alert center drawer (spec §2 "Drawers") is open. One drawer serves the whole
 * signed-in app (mounted by the app layout); the monitor form, which may not import the alerts
 * feature, opens it from here to manage the channels its "Alert channels" field offers.
 */
const drawer = createOpenFlag();

export const openAlertCenterDrawer = drawer.open;
export const closeAlertCenterDrawer = drawer.close;
/** Whether the drawer is showing (a form popup under it must then ignore Escape). */
export const useAlertCenterDrawerOpened = drawer.useOpened;
