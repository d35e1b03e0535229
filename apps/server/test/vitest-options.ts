/**
 * What the two server test projects share (vitest.config.ts: in-process files;
 * vitest.processes.config.ts: the `*.process.test.ts` files, which start real server processes).
 */
export const serverTestOptions = {
  environment: 'node',
  globalSetup: ['./test/global-setup.ts'],
  // Processes a test file started end with it (test/test-processes.ts).
  setupFiles: ['./test/process-cleanup.setup.ts'],
  // A bound for a test that hangs, not a speed target: on a machine with both cores busy, files that
  // hash passwords and run a minute of simulated checks took past 30 s (issue 26).
  testTimeout: 120_000,
  hookTimeout: 180_000,
} as const;

/** Files that spawn whole server processes (the bundled server, embedded PostgreSQL, restarts). */
export const processTestFiles = 'src/**/*.process.test.ts';
