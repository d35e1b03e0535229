import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that spend minutes waiting on the clock rather than the CPU. The idle server's count is two
 * minutes of sleep: ordered by size it ran last in its group, alone on an idle machine, after every
 * other process file had ended (2 of the suite's minutes).
 */
const WAITING_FILES = ['/apps/server/src/jobs/idle.process.test.ts'];

const waits = (spec: TestSpecification) => WAITING_FILES.some((end) => spec.moduleId.endsWith(end));

/** Vitest's order (by group, then failed and longest first), with the waiting files first in their group. */
export default class WaitingFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter(waits), ...sorted.filter((spec) => !waits(spec))];
  }
}
