import { afterAll, afterEach, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './harness';

/**
 * One test server for the file (harness.ts): started before its tests, closed after them, and its
 * clock back at real time after each test. The server is usable inside the tests and hooks (its
 * fields are read when used, after `beforeAll` started it).
 */
export function useTestServer(...args: Parameters<typeof startTestServer>): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(...args);
  });
  afterAll(() => started?.close());
  afterEach(() => {
    if (!started) return;
    started.clock.offsetMs = 0;
    started.clock.stoppedAt = null;
  });
  return new Proxy({} as TestServer, {
    get(_, field) {
      if (!started) throw new Error('the test server is used before beforeAll started it');
      return Reflect.get(started, field);
    },
  });
}
