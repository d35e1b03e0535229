import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * Web unit tests: `src/**\/*.test.tsx` in jsdom. Each test file also names its environment in a
 * `@vitest-environment jsdom` comment, so a root config that lists this file as a project, or that
 * globs the files itself, runs them the same way.
 */
export default mergeConfig(
  viteConfig,
  defineProject({
    root: new URL('.', import.meta.url).pathname,
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.tsx'],
      // Vitest's 5 s and 10 s defaults are less than a loaded CI machine keeps for a jsdom render (issue 26).
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  }),
);
