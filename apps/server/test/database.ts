import { inject } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database';

/**
 * A fresh, migrated database of its own for one test file — a copy of the run's template
 * (template-database.ts) — dropped by `drop()`.
 */
export function createTestDatabase(): Promise<ScratchDatabase> {
  return createScratchDatabase(inject('postgresServerUrl'), 'paydar_test', {
    template: inject('testDatabaseTemplate'),
  });
}
