import { close as closeCb, fsync as fsyncCb, mkdirSync, openSync, writeSync } from 'node:fs';
import { open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type BufferedResult, DropLog, type ResultBuffer } from '@paydar/checks/agent/buffer';
import { describeFailure } from '@paydar/checks/agent/errors';
import { type AgentLogger, silentLogger } from '@paydar/checks/agent/logger';
import type { CheckResult } from '@paydar/contracts/agent';

const fsync = promisify(fsyncCb);
const close = promisify(closeCb);

export interface DiskBufferOptions {
  /** The directory of segment files and state.json; created when missing. */
  dir: string;
  /** At most this many results are kept; past it the oldest are dropped, counted and logged (default 1,000,000). */
  maxResults?: number;
  /** A segment file is closed and a new one begun after this many results (default maxResults/10, ≤ 10,000). */
  segmentMaxResults?: number;
  /** Appended lines are fsync'd at most this long after they were written, ms (default 1,000). */
  fsyncIntervalMs?: number;
  /** Recent results also kept in memory, so the reporter rarely reads a file back (default 20,000). */
  memoryResults?: number;
  logger?: AgentLogger;
}

interface Segment {
  path: string;
  firstSeq: number;
  lastSeq: number;
  /** Open for appending: only the newest segment. */
  fd: number | null;
}

interface State {
  /** Every result with seq ≤ this was delivered or dropped. */
  removed_through: number;
  /** Results dropped past the bound, over the buffer's whole life. */
  dropped: number;
}

const SEGMENT_NAME = /^(\d{20})\.jsonl$/;
const SEQ_PREFIX = /^\{"seq":(\d+),/;
const segmentName = (firstSeq: number) => `${String(firstSeq).padStart(20, '0')}.jsonl`;

/**
 * The probers' result buffer (the standalone agent's and the server's built-in prober's):
 * append-only segment files of JSON lines (`{"seq":N,"result":{…}}`), written as each result
 * arrives so a crash of the process loses nothing already written, fsync'd in batches, deleted
 * once every result in them was delivered.
 * state.json keeps the delivered-through sequence number, so a restart neither loses nor resends.
 */
export class DiskResultBuffer implements ResultBuffer {
  private readonly segments: Segment[] = [];
  private state: State = { removed_through: 0, dropped: 0 };
  private nextSeq = 1;
  private live = 0;
  /** Every result written since `cacheFloor`, in order: peek serves from here when it can. */
  private cache: BufferedResult[] = [];
  private cacheFloor = 1;
  /** The last immutable segment read back, parsed. */
  private readBack: { path: string; entries: BufferedResult[] } | null = null;
  private dirty = false;
  private stateDirty = false;
  private syncing: Promise<void> = Promise.resolve();
  private stateWrite: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly timer: NodeJS.Timeout;
  private readonly drops: DropLog;
  private readonly maxResults: number;
  private readonly segmentMaxResults: number;
  private readonly memoryResults: number;
  private readonly logger: AgentLogger;

  private constructor(
    private readonly dir: string,
    options: DiskBufferOptions,
  ) {
    this.logger = options.logger ?? silentLogger;
    this.maxResults = Math.max(1, options.maxResults ?? 1_000_000);
    this.segmentMaxResults = Math.max(
      1,
      options.segmentMaxResults ?? Math.min(10_000, Math.ceil(this.maxResults / 10)),
    );
    this.memoryResults = Math.max(1, options.memoryResults ?? 20_000);
    this.drops = new DropLog(this.logger);
    this.timer = setInterval(() => {
      this.syncSoon();
      if (this.stateDirty) this.saveState().catch(() => undefined);
    }, options.fsyncIntervalMs ?? 1_000);
    this.timer.unref();
  }

  /** Opens (or creates) the buffer in `dir`, reading back what an earlier run left there. */
  static async open(options: DiskBufferOptions): Promise<DiskResultBuffer> {
    mkdirSync(options.dir, { recursive: true });
    const buffer = new DiskResultBuffer(options.dir, options);
    try {
      await buffer.load();
    } catch (err) {
      clearInterval(buffer.timer);
      throw err;
    }
    return buffer;
  }

  append(result: CheckResult): void {
    const seq = this.nextSeq++;
    if (this.closed) {
      this.drops.note(1, 'the buffer is closed');
      this.state.dropped++;
      return;
    }
    const line = `${JSON.stringify({ seq, result })}\n`;
    try {
      const segment = this.activeSegment(seq);
      writeAll(segment.fd as number, line);
      segment.lastSeq = seq;
      this.dirty = true;
      this.live++;
      this.cache.push({ seq, result });
      if (this.cache.length > this.memoryResults) this.trimCache(this.cache.length - this.memoryResults);
      if (segment.lastSeq - segment.firstSeq + 1 >= this.segmentMaxResults) this.retire(segment);
    } catch (err) {
      // A half-written line may end the file now: later lines go to a new segment.
      const segment = this.segments.at(-1);
      if (segment?.fd != null) this.retire(segment);
      this.state.dropped++;
      this.drops.note(1, `cannot write to ${this.dir}: ${describeFailure(err)}`);
      return;
    }
    if (this.live > this.maxResults) this.dropOldest(this.live - this.maxResults);
  }

  async peek(n: number): Promise<BufferedResult[]> {
    const out: BufferedResult[] = [];
    let next = this.state.removed_through + 1;
    while (out.length < n) {
      if (next >= this.cacheFloor) {
        const from = lowerBound(this.cache, next);
        out.push(...this.cache.slice(from, from + (n - out.length)));
        break;
      }
      // Older than the cache: read back from the segment that holds `next`.
      const segment = this.segments.find((s) => s.lastSeq >= next);
      if (!segment) break;
      for (const entry of await this.readSegment(segment)) {
        if (out.length >= n) break;
        if (entry.seq >= next && entry.seq < this.cacheFloor) out.push(entry);
      }
      next = Math.min(segment.lastSeq + 1, this.cacheFloor);
    }
    return out;
  }

  async ack(throughSeq: number): Promise<void> {
    if (throughSeq <= this.state.removed_through) return;
    this.state.removed_through = Math.min(throughSeq, this.nextSeq - 1);
    this.afterRemoval();
    // A failed save is logged and retried with the next; at worst a restart sends these again.
    await this.saveState().catch(() => undefined);
  }

  size(): number {
    return this.live;
  }

  dropped(): number {
    return this.state.dropped;
  }

  /** Flushes, closes the open segment and saves the state; appends after this are dropped and counted. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    const segment = this.segments.at(-1);
    if (segment?.fd != null) this.retire(segment);
    await this.syncing;
    await this.saveState();
  }

  private async load(): Promise<void> {
    try {
      const saved = JSON.parse(await readFile(join(this.dir, 'state.json'), 'utf8')) as Partial<State>;
      this.state = { removed_through: Number(saved.removed_through) || 0, dropped: Number(saved.dropped) || 0 };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.logger.warn({ error: describeFailure(err) }, 'state.json unreadable; every segment will be sent again');
      }
    }
    const names = (await readdir(this.dir)).filter((name) => SEGMENT_NAME.test(name)).sort();
    let lastSeq = this.state.removed_through;
    for (const name of names) {
      const path = join(this.dir, name);
      const { first, last, torn } = scanSegment(await readFile(path, 'utf8'));
      if (torn) this.logger.warn({ segment: name }, 'skipped a torn last line (the prober stopped while writing it)');
      if (first === null || last === null || last <= this.state.removed_through) {
        await unlink(path);
        continue;
      }
      this.segments.push({ path, firstSeq: first, lastSeq: last, fd: null });
      lastSeq = Math.max(lastSeq, last);
    }
    this.nextSeq = lastSeq + 1;
    this.cacheFloor = this.nextSeq;
    this.countLive();
    if (this.live > 0) this.logger.info({ buffered: this.live, dir: this.dir }, 'results left by an earlier run');
    if (this.live > this.maxResults) this.dropOldest(this.live - this.maxResults);
  }

  private activeSegment(seq: number): Segment {
    const last = this.segments.at(-1);
    if (last?.fd != null) return last;
    const path = join(this.dir, segmentName(seq));
    const segment: Segment = { path, firstSeq: seq, lastSeq: seq - 1, fd: openSync(path, 'ax') };
    this.segments.push(segment);
    this.syncDirectory();
    return segment;
  }

  /** Stops appending to a segment; it is fsync'd and closed after any fsync in progress. */
  private retire(segment: Segment): void {
    const fd = segment.fd;
    segment.fd = null;
    if (fd === null) return;
    if (segment.lastSeq < segment.firstSeq) this.segments.splice(this.segments.indexOf(segment), 1);
    this.dirty = false;
    this.syncing = this.syncing
      .then(() => fsync(fd))
      .catch((err) => this.logger.error({ error: describeFailure(err) }, 'fsync of a results segment failed'))
      .finally(() => close(fd).catch(() => undefined));
    if (segment.lastSeq < segment.firstSeq)
      this.syncing = this.syncing.then(() => unlink(segment.path).catch(() => {}));
  }

  private syncSoon(): void {
    const fd = this.segments.at(-1)?.fd;
    if (!this.dirty || fd == null) return;
    this.dirty = false;
    this.syncing = this.syncing
      .then(() => fsync(fd))
      .catch((err) => this.logger.error({ error: describeFailure(err) }, 'fsync of a results segment failed'));
  }

  /** Makes a new segment's directory entry durable; best effort. */
  private syncDirectory(): void {
    this.syncing = this.syncing.then(async () => {
      const handle = await open(this.dir, 'r').catch(() => null);
      await handle?.sync().catch(() => undefined);
      await handle?.close();
    });
  }

  private dropOldest(count: number): void {
    let left = count;
    for (const segment of this.segments) {
      if (left <= 0) break;
      const from = Math.max(segment.firstSeq, this.state.removed_through + 1);
      const here = Math.min(left, segment.lastSeq - from + 1);
      if (here <= 0) continue;
      this.state.removed_through = from + here - 1;
      left -= here;
    }
    const dropped = count - left;
    this.state.dropped += dropped;
    this.drops.note(dropped, `the buffer holds at most ${this.maxResults} results`);
    this.afterRemoval();
    // Saved with the next fsync: under a sustained overflow every append drops one.
    this.stateDirty = true;
  }

  /** Recounts, trims the cache and deletes the segments wholly delivered or dropped. */
  private afterRemoval(): void {
    const through = this.state.removed_through;
    this.cache.splice(0, lowerBound(this.cache, through + 1));
    for (const segment of [...this.segments]) {
      if (segment.lastSeq > through || segment.fd !== null) continue;
      this.segments.splice(this.segments.indexOf(segment), 1);
      if (this.readBack?.path === segment.path) this.readBack = null;
      unlink(segment.path).catch((err) =>
        this.logger.warn({ error: describeFailure(err), segment: segment.path }, 'cannot delete a delivered segment'),
      );
    }
    this.countLive();
  }

  private countLive(): void {
    const head = this.state.removed_through + 1;
    this.live = this.segments.reduce((sum, s) => sum + Math.max(0, s.lastSeq - Math.max(s.firstSeq, head) + 1), 0);
  }

  private trimCache(count: number): void {
    this.cache.splice(0, count);
    this.cacheFloor = this.cache[0]?.seq ?? this.nextSeq;
  }

  private async readSegment(segment: Segment): Promise<BufferedResult[]> {
    if (this.readBack?.path === segment.path) return this.readBack.entries;
    let text: string;
    try {
      text = await readFile(segment.path, 'utf8');
    } catch (err) {
      // Dropped past the bound while we were reading: nothing to send from it.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const entries: BufferedResult[] = [];
    let unreadable = 0;
    const lines = text.split('\n');
    // The last piece is empty, or a line still being written (open segment) or torn by a crash.
    lines.pop();
    for (const line of lines) {
      try {
        const entry = JSON.parse(line) as BufferedResult;
        if (typeof entry.seq === 'number' && entry.result) entries.push(entry);
        else unreadable++;
      } catch {
        unreadable++;
      }
    }
    if (unreadable) {
      this.state.dropped += unreadable;
      this.drops.note(unreadable, `unreadable lines in ${segment.path}`);
    }
    if (segment.fd === null) this.readBack = { path: segment.path, entries };
    return entries;
  }

  private saveState(): Promise<void> {
    this.stateDirty = false;
    const snapshot = JSON.stringify(this.state);
    const path = join(this.dir, 'state.json');
    const next = this.stateWrite.then(async () => {
      const handle = await open(`${path}.tmp`, 'w');
      try {
        await handle.writeFile(snapshot);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(`${path}.tmp`, path);
    });
    this.stateWrite = next.catch((err) => {
      this.stateDirty = true;
      this.logger.error({ error: describeFailure(err) }, 'cannot save the buffer state');
    });
    return next;
  }
}

/** The index of the first entry with seq ≥ `seq` (entries are in increasing seq order). */
function lowerBound(entries: BufferedResult[], seq: number): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((entries[mid]?.seq ?? 0) < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text);
  let offset = 0;
  while (offset < bytes.length) offset += writeSync(fd, bytes, offset);
}

/** The first and last sequence numbers among a segment's whole lines, and whether a partial line ends it. */
function scanSegment(text: string): { first: number | null; last: number | null; torn: boolean } {
  const lines = text.split('\n');
  const tail = lines.pop() ?? '';
  const seqOf = (line: string | undefined) => {
    const match = line ? SEQ_PREFIX.exec(line) : null;
    return match ? Number(match[1]) : null;
  };
  let first: number | null = null;
  for (let i = 0; i < lines.length && first === null; i++) first = seqOf(lines[i]);
  let last: number | null = null;
  for (let i = lines.length - 1; i >= 0 && last === null; i--) last = seqOf(lines[i]);
  return { first, last, torn: tail.length > 0 };
}
