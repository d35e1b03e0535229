import { IN_PROCESS_WAIT_MS } from './loaded-machine';

/**
 * Runs `check` until it passes (it throws until then, as an `expect` does) and returns what it
 * returned; after `timeoutMs` the last failure is thrown. For what a job or a timer does a moment
 * later: the wait is a bound for a loaded machine, never a speed.
 */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = IN_PROCESS_WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
