import { execFileSync } from 'node:child_process';

/** Every process on the machine but zombies (exited, waiting to be reaped): pid, parent pid, command line. */
export function processTable(): Array<{ pid: number; ppid: number; args: string }> {
  return execFileSync('ps', ['-eo', 'pid=,ppid=,stat=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line))
    .filter((match) => match !== null && !match[3]?.startsWith('Z'))
    .map((match) => ({ pid: Number(match?.[1]), ppid: Number(match?.[2]), args: match?.[4] ?? '' }));
}

/** Those of `pids` still running, with their command lines. */
export function stillRunning(pids: number[]): string[] {
  return processTable()
    .filter((entry) => pids.includes(entry.pid))
    .map((entry) => `${entry.pid} ${entry.args}`);
}

/** The pids of `root`'s children, their children and so on, as running now. */
export function descendants(root: number): number[] {
  const table = processTable();
  const found: number[] = [];
  let parents = [root];
  while (parents.length) {
    const children = table.filter((entry) => parents.includes(entry.ppid)).map((entry) => entry.pid);
    found.push(...children);
    parents = children;
  }
  return found;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
