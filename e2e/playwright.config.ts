import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';

/**
 * Specs that read what the one server's outside fakes received across all users, so must not
 * overlap one another: the webhook target (alert-center takes the first delivery it got,
 * alert-history counts them, respond-next answers whoever comes next), Zarinpal's payments (found
 * by amount) and the analytics beacons (counted). They run one at a time, in file order, beside
 * the others; every other spec makes its own users and reads only what they own.
 */
const sharingFakes = [
  'alert-center.spec.ts',
  'alert-history.spec.ts',
  'alerting.spec.ts',
  'billing.spec.ts',
  'billing-extras.spec.ts',
  'plan-renewal.spec.ts',
];

export default defineConfig({
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  // Three browsers beside the one server: the specs spend much of their time waiting on it (checks,
  // alerts, mail), so three at a time keep two cores busy (101 specs' tests: 13.0 min with two
  // workers, 8.8 min with three, on this machine). A spec's own tests stay in order.
  workers: 3,
  fullyParallel: false,
  // shared-fakes first: its one worker starts at once beside the others instead of running last alone.
  projects: [
    { name: 'shared-fakes', testMatch: sharingFakes, workers: 1 },
    { name: 'own-users', testIgnore: sharingFakes },
  ],
  retries: 0,
  // Patience for a shared runner three times slower than an idle machine (a CI run took 3,637 s
  // where an idle one takes 1,346 s, and six tests ran out of 10 s and 120 s): every wait in the
  // specs is three times what an idle machine needs. A wait only costs time when a test fails.
  timeout: 360_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? '3900'}`,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
});
