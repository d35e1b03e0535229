import { configDefaults, defineProject } from 'vitest/config';
import { processTestFiles, serverTestOptions } from './test/vitest-options';

export default defineProject({
  test: {
    ...serverTestOptions,
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, processTestFiles],
    // Most files wait on PostgreSQL and timers rather than the CPU: four at a time keep two cores
    // busy where Vitest's default (cores − 1) would run one. A project with its own worker count
    // needs its own group; this one runs after the CPU-bound projects.
    maxWorkers: 4,
    sequence: { groupOrder: 1 },
  },
});
