/** Spec §9's widths as media queries, so every screen switches at the same place. */

/** From this width the monitor list and the detail sit side by side. */
export const WIDE_LAYOUT_QUERY = '(min-width: 850px)';

/** Up to this width popups fill the screen. */
export const PHONE_QUERY = '(max-width: 576px)';
