import { test as base, expect } from '@playwright/test';
import { type AllowedConsoleError, ConsoleGuard } from './console-guard';

type ConsoleFixtures = {
  /** Errors a whole spec file provokes on purpose: `test.use({ allowedConsoleErrors: [...] })`. */
  allowedConsoleErrors: AllowedConsoleError[];
  /** The guard of this test: `consoleGuard.allow(…)` for one test, `consoleGuard.watch(ctx)` for a context the test opens itself. */
  consoleGuard: ConsoleGuard;
};

/**
 * Every spec's `test`: it fails a test when any page logged a console error or threw an uncaught
 * error that the spec did not allow with a reason (issue 15: no console error on any screen).
 */
export const test = base.extend<ConsoleFixtures>({
  allowedConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ context, allowedConsoleErrors }, use, testInfo) => {
      const guard = new ConsoleGuard(allowedConsoleErrors);
      guard.watch(context);
      await use(guard);
      const errors = guard.unexpected();
      // A test that already failed keeps its own message; the console list is attached to it.
      if (errors.length && testInfo.status === testInfo.expectedStatus) {
        throw new Error(`The browser logged ${errors.length} unexpected error(s):\n${errors.join('\n')}`);
      }
      if (errors.length) await testInfo.attach('console-errors', { body: errors.join('\n') });
    },
    { auto: true },
  ],
});

export { expect };
