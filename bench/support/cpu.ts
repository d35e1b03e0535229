import fs from 'node:fs';

const TICKS_PER_SECOND = 100;

/** utime + stime from a /proc/<pid>/stat line (the fields after the command name). */
function cpuTicks(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * CPU seconds (user + system) used so far by each PostgreSQL backend serving `database` (their
 * process title names it), by pid, so other databases' work on the same server is not counted. The
 * server-wide helpers (WAL writer, checkpointer) are left out: they are shared.
 */
export function postgresCpuByBackend(database: string): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const name = stat.slice(stat.indexOf('(') + 1, close);
      if (name !== 'postgres') continue;
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!title.includes(` ${database} `)) continue;
      seconds.set(Number(entry), cpuTicks(stat) / TICKS_PER_SECOND);
    } catch {
      // The process ended while we read.
    }
  }
  return seconds;
}

/** CPU seconds used so far by the PostgreSQL backends serving `database` (see postgresCpuByBackend). */
export function postgresCpuSeconds(database: string): number {
  let total = 0;
  for (const value of postgresCpuByBackend(database).values()) total += value;
  return total;
}

/**
 * CPU seconds the backends of `database` used since `before` (a postgresCpuByBackend snapshot):
 * a backend that ended meanwhile takes none of its time away, one that started counts whole.
 */
export function postgresCpuSince(database: string, before: Map<number, number>): number {
  let used = 0;
  for (const [pid, value] of postgresCpuByBackend(database)) used += value - (before.get(pid) ?? 0);
  return used;
}

/** CPU seconds used by this process. */
export function processCpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

/** CPU seconds (user + system) and resident memory (now and peak) of another process, from /proc. */
export function processUsage(pid: number): { cpuSeconds: number; rssMiB: number; peakRssMiB: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1] ?? Number.NaN);
  return {
    cpuSeconds: cpuTicks(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')) / TICKS_PER_SECOND,
    rssMiB: kib('VmRSS') / 1024,
    peakRssMiB: kib('VmHWM') / 1024,
  };
}

/**
 * CPU seconds of each thread of process `pid` by thread name (/proc/<pid>/task/*: `node` is the main
 * thread, `libuv-worker` the thread pool, `V8Worker` the compiler and collector), user and system apart.
 */
export function threadCpuSeconds(pid: number): Map<string, { user: number; system: number }> {
  const byName = new Map<string, { user: number; system: number }>();
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const entry = byName.get(name) ?? { user: 0, system: 0 };
      entry.user += Number(fields[11]) / TICKS_PER_SECOND;
      entry.system += Number(fields[12]) / TICKS_PER_SECOND;
      byName.set(name, entry);
    } catch {
      // The thread ended while we read.
    }
  }
  return byName;
}
