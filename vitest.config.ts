import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The CPU-bound projects (jsdom, pure functions) one file per core; the server projects set their own.
    maxWorkers: 2,
    projects: [
      'apps/server',
      'apps/server/vitest.processes.config.ts',
      'apps/web',
      'packages/contracts',
      'packages/domain',
      'packages/checks',
      'packages/result-buffer',
      'apps/prober',
      'scripts',
    ],
  },
});
