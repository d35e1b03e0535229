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
      // A bound for a test that hangs: with both cores busy a jsdom file's test took past 30 s (issue 26).
      testTimeout: 120_000,
      hookTimeout: 120_000,
      // Testing Library's waits: 60 s, not 1 s (src/testing/setup.ts).
      setupFiles: ['src/testing/setup.ts'],
    },
  }),
);
