import { createOpenFlag } from './open-flag';

/**
 * Whether the Plans popup is open. One popup serves the whole signed-in app (mounted by the app
 * layout); the user menu and the plan-limit notices — toasts that outlive the form that raised
 * them — open it from here.
 */
const popup = createOpenFlag();

export const openPlansPopup = popup.open;
export const closePlansPopup = popup.close;
/** Whether the Plans popup is showing (a form popup under it must then ignore Escape). */
export const usePlansPopupOpened = popup.useOpened;
