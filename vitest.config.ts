import { defineConfig } from 'vitest/config';
import WaitingFilesFirst from './apps/server/test/waiting-files-first';

export default defineConfig({
  test: {
    // The CPU-bound projects (jsdom, pure functions) one file per core; the server projects set their own.
    maxWorkers: 2,
    // Within a group the order is Vitest's, except that files waiting on the clock start first.
    sequence: { sequencer: WaitingFilesFirst },
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
