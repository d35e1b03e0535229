import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'result-buffer',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Vitest's 5 s and 10 s defaults are less than a loaded CI machine keeps (issue 26).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
