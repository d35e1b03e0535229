import { DiskResultBuffer } from '../disk-buffer';
import { resultAt } from './results';

/**
 * Run as a child process by disk-buffer.test.ts: appends `count` results to the buffer in `dir`,
 * says so on stdout, and waits to be killed with SIGKILL — a crash, with no close() and no fsync.
 */
const [dir, count] = process.argv.slice(2);
const buffer = await DiskResultBuffer.open({ dir: dir as string, segmentMaxResults: 64, fsyncIntervalMs: 60_000 });
for (let i = 1; i <= Number(count); i++) buffer.append(resultAt(i));
process.stdout.write(`appended ${count}\n`);
setInterval(() => undefined, 1_000);
