import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'prober',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The end-to-end files run for several seconds of real time on purpose (outages, restarts).
    testTimeout: 30_000,
    // Vitest's 10 s default is less than a loaded CI machine keeps (issue 26).
    hookTimeout: 60_000,
  },
});
