import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Figure, percentile } from './figures';

const run = promisify(execFile);

export interface ReadersRun {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  notModified: number;
}

/**
 * `readers` clients calling `path` back to back over loopback for `seconds`, each on its own
 * connection and, with `revalidate`, sending the ETag it last got as a browser's HTTP cache does.
 * They run in a child process (readers-client.mjs), so the figure is the server's, not the load's.
 * Throws on any answer but 200/304: a fast figure made of errors is not a figure.
 */
export async function runReaders(
  origin: string,
  path: string,
  headers: Record<string, string>,
  options: ReadersOptions,
): Promise<ReadersRun> {
  const runs = await runMixedReaders(origin, [[{ label: path, path }]], headers, options);
  return runs.get(path) as ReadersRun;
}

interface ReadersOptions {
  readers: number;
  seconds: number;
  revalidate: boolean;
}

/**
 * As runReaders, reader i calling the paths of `cycles[i % cycles.length]` in turn, with an ETag
 * kept per path: one run per label, its requests/s over the whole run's time.
 */
export async function runMixedReaders(
  origin: string,
  cycles: Array<Array<{ label: string; path: string }>>,
  headers: Record<string, string>,
  options: ReadersOptions,
): Promise<Map<string, ReadersRun>> {
  const client = fileURLToPath(new URL('./readers-client.mjs', import.meta.url));
  const { stdout } = await run(process.execPath, [client, JSON.stringify({ origin, cycles, headers, ...options })], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const { byLabel, elapsedMs } = JSON.parse(stdout) as {
    byLabel: Record<string, { durations: number[]; notModified: number }>;
    elapsedMs: number;
  };
  const runs = new Map<string, ReadersRun>();
  for (const [label, { durations, notModified }] of Object.entries(byLabel)) {
    runs.set(label, {
      requests: durations.length,
      perSecond: durations.length / (elapsedMs / 1000),
      p50: percentile(durations, 50),
      p99: percentile(durations, 99),
      notModified,
    });
  }
  return runs;
}

/** The two figures of a readers run: throughput against `minPerSecond`, p99 against `maxP99Ms`. */
export function readersFigures(name: string, run: ReadersRun, minPerSecond: number, maxP99Ms: number): Figure[] {
  const note = `${run.requests} requests, p50 ${run.p50.toFixed(1)} ms, ${run.notModified} answered 304`;
  return [
    {
      name: `${name}, requests/s`,
      value: Math.round(run.perSecond),
      unit: 'req/s',
      target: `≥ ${minPerSecond} req/s`,
      met: run.perSecond >= minPerSecond,
      note,
    },
    { name: `${name}, p99`, value: run.p99, unit: 'ms', target: `≤ ${maxP99Ms} ms`, met: run.p99 <= maxP99Ms, note },
  ];
}
