import fs from 'node:fs';
import path from 'node:path';

/** The parts of a V8 `.cpuprofile` (node --cpu-prof) this summary reads. */
interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }>;
  /** Microseconds on the monotonic clock (process.hrtime's), like every sample time below. */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileLine {
  /** A package (`pg`, `pino`), one of our files (`apps/server/src/…`), or `(node)` / `(gc)` / `(idle)`. */
  where: string;
  /** Share of the samples in the window that were not idle, in %. */
  share: number;
}

const repository = path.resolve(import.meta.dirname, '../..');

/** The repository path or npm package a frame's URL belongs to. */
function placeOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return '(node)';
  const file = url.replace(/^file:\/\//, '');
  const modules = file.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = file.slice(modules + '/node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? file);
  }
  return file.startsWith(repository) ? path.relative(repository, file) : file;
}

/**
 * Self time by place (package or our file) over the samples taken between `from` and `to`
 * (process.hrtime microseconds): what a window of a server's CPU went on, biggest first.
 */
export function summarizeProfile(file: string, from: number, to: number, top = 25): ProfileLine[] {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const placeById = new Map(
    profile.nodes.map((node) => [node.id, placeOf(node.callFrame.url, node.callFrame.functionName)]),
  );
  const counts = new Map<string, number>();
  let time = profile.startTime;
  let busy = 0;
  profile.samples.forEach((id, index) => {
    time += profile.timeDeltas[index] ?? 0;
    if (time < from || time > to) return;
    const where = placeById.get(id) ?? '(unknown)';
    if (where === '(idle)' || where === '(program)') return;
    counts.set(where, (counts.get(where) ?? 0) + 1);
    busy += 1;
  });
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([where, count]) => ({ where, share: (count / Math.max(busy, 1)) * 100 }));
}

/** Microseconds on the clock a `.cpuprofile` uses, now. */
export const profileClockNow = () => Number(process.hrtime.bigint() / 1000n);
