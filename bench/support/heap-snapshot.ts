import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A server's heap as V8 writes it on a signal (`node --heapsnapshot-signal=SIGUSR2
 * --diagnostic-dir=<dir>`), and what it holds by kind: where memory went, to compare two commits.
 */

/** The parts of a `.heapsnapshot` this summary reads. */
interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

export interface HeapLine {
  /** A V8 node kind with its constructor's name (`object:Array`), or `(string)`, `(code)`. */
  what: string;
  mib: number;
  count: number;
}

/** The flags that let takeHeapSnapshot ask a server started with them for its heap, into `dir` (made here: V8 does not). */
export function heapSnapshotArguments(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  return ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${dir}`];
}

const snapshotsIn = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.heapsnapshot')) : [];

/**
 * Signals `pid` (started with heapSnapshotArguments(dir)) and waits for its new snapshot to be
 * whole: V8 writes it on the main thread, so the file stops growing once it is done. Returns its path.
 */
export async function takeHeapSnapshot(pid: number, dir: string, waitMs = 120_000): Promise<string> {
  const before = new Set(snapshotsIn(dir));
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + waitMs;
  let last = -1;
  while (Date.now() < deadline) {
    await sleep(1_000);
    const file = snapshotsIn(dir).find((name) => !before.has(name));
    if (!file) continue;
    const size = fs.statSync(path.join(dir, file)).size;
    if (size > 0 && size === last) return path.join(dir, file);
    last = size;
  }
  throw new Error(`no heap snapshot of process ${pid} in ${dir} within ${waitMs / 1000} s`);
}

const kindOf = (type: string, name: string) => {
  if (type === 'string' || type === 'concatenated string' || type === 'sliced string') return '(string)';
  if (type === 'code') return '(code)';
  return `${type}:${name.slice(0, 60)}`;
};

/** The snapshot's self sizes by kind, largest first, and their total. */
export function summarizeHeapSnapshot(file: string, top = 15): { totalMiB: number; lines: HeapLine[] } {
  const heap = JSON.parse(fs.readFileSync(file, 'utf8')) as HeapSnapshot;
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field)) as [
    number,
    number,
    number,
  ];
  const kinds = new Map<string, { bytes: number; count: number }>();
  let total = 0;
  for (let node = 0; node < heap.nodes.length; node += fields.length) {
    const what = kindOf(
      types[heap.nodes[node + typeAt] as number] ?? '?',
      heap.strings[heap.nodes[node + nameAt] as number] ?? '',
    );
    const bytes = heap.nodes[node + sizeAt] as number;
    total += bytes;
    const kind = kinds.get(what) ?? { bytes: 0, count: 0 };
    kind.bytes += bytes;
    kind.count += 1;
    kinds.set(what, kind);
  }
  const lines = [...kinds]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .slice(0, top)
    .map(([what, { bytes, count }]) => ({ what, mib: bytes / 2 ** 20, count }));
  return { totalMiB: total / 2 ** 20, lines };
}
