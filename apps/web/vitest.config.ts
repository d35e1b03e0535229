import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

/** Web unit tests run in jsdom; each test file also names its environment, so a root config can pick them up as is. */
export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.tsx'],
    },
  }),
);
