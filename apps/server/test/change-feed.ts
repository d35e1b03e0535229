import type { ChangeKind } from '../src/db/change-feed';
import type { TestServer } from './harness';

/**
 * Resolves when `server` has heard, from the database, that rows of `kind` with `id` changed (or
 * all of them, or that it listens again after a lost connection). Ask before the write: a test
 * waits for the notification itself, never for a length of time.
 */
export function heard(server: TestServer, kind: ChangeKind | 'reset', id?: number): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = server.context.changes.subscribe((event) => {
      const matches =
        event === 'reset'
          ? kind === 'reset'
          : event.kind === kind && (event.ids === 'all' || id === undefined || event.ids.has(id));
      if (!matches) return;
      unsubscribe();
      resolve();
    });
  });
}
