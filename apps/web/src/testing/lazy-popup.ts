/**
 * How long a test waits for a popup whose code loads on first use (the Plans popup, the alert
 * center drawer): importing that chunk in jsdom takes seconds on a loaded 2-core CI machine, so
 * as long as every other wait (src/testing/setup.ts); it ends as soon as the popup is there.
 */
export const LAZY_POPUP = { timeout: 60_000 };
/**
 * The test timeout of a test that waits for a lazily loaded popup: the project's own bound
 * (vitest.config.ts); 30 s ran out with both cores busy (issue 26).
 */
export const LAZY_POPUP_TEST_TIMEOUT_MS = 120_000;
