/**
 * How long a test waits for a popup whose code loads on first use (the Plans popup, the alert
 * center drawer): importing that chunk in jsdom takes seconds on a loaded 2-core CI machine.
 */
export const LAZY_POPUP = { timeout: 15_000 };
/** The test timeout of a test that waits for a lazily loaded popup. */
export const LAZY_POPUP_TEST_TIMEOUT_MS = 30_000;
