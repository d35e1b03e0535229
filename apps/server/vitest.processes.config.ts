import { defineProject } from 'vitest/config';
import { processTestFiles, serverTestOptions } from './test/vitest-options';

/**
 * The files that start real server processes, from the bundle made once before them
 * (test/bundle.global-setup.ts); some run an embedded PostgreSQL, so they load the CPU. Two at a
 * time, after the in-process files. Their waits are minutes (test/loaded-machine.ts); a test restarts servers several times, each
 * start more than a minute on a busy machine, so a test's own bound is a quarter of an hour.
 * Three workers: the idle server's count (two minutes of sleep) starts first in one of them
 * (test/waiting-files-first.ts) while the others run two at a time beside it.
 */
export default defineProject({
  test: {
    ...serverTestOptions,
    name: 'server-processes',
    globalSetup: [...serverTestOptions.globalSetup, './test/bundle.global-setup.ts'],
    include: [processTestFiles],
    testTimeout: 15 * 60_000,
    hookTimeout: 5 * 60_000,
    maxWorkers: 3,
    sequence: { groupOrder: 2 },
  },
});
