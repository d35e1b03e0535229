import { defineProject } from 'vitest/config';
import { processTestFiles, serverTestOptions } from './test/vitest-options';

/**
 * The files that start real server processes: each start compiles the server with tsx and some
 * run an embedded PostgreSQL, so they load the CPU and hold timed expectations (healthy again
 * within 10 s, transactions a second when idle). Two at a time, after the in-process files.
 */
export default defineProject({
  test: {
    ...serverTestOptions,
    name: 'server-processes',
    include: [processTestFiles],
    maxWorkers: 2,
    sequence: { groupOrder: 2 },
  },
});
