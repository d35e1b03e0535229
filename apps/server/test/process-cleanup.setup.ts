import { afterAll, inject } from 'vitest';
import { endAllTestProcesses, killAllTestProcessesNow, TEST_RUN_VARIABLE } from './test-processes';

/**
 * Set up in every server test file (test/vitest-options.ts): the processes a file started through
 * `spawnTestProcess` (servers, npm, their PostgreSQL) end with the file — a test that failed or
 * timed out before stopping its server leaves nothing behind — and with the worker, however it exits.
 */
process.env[TEST_RUN_VARIABLE] ||= inject('testRunId');

const exitHook = Symbol.for('paydar.test-processes.exit-hook');
const holder = process as unknown as Record<symbol, boolean>;
if (!holder[exitHook]) {
  holder[exitHook] = true;
  process.once('exit', killAllTestProcessesNow);
}

afterAll(async () => {
  const left = await endAllTestProcesses();
  if (left.length) {
    console.warn(
      `killed ${left.length} process(es) this file left running:\n${left.map((entry) => `  ${entry.pid} ${entry.command.slice(0, 160)}`).join('\n')}`,
    );
  }
});
