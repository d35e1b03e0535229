import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'apps/server',
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
