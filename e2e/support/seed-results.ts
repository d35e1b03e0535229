import type { CheckResult } from '../../packages/contracts/src/agent';
import { MAX_RESULTS_PER_BATCH, type ResultsResponse } from '../../packages/contracts/src/agent-api';
import type { Monitor } from '../../packages/contracts/src/monitors';
import { admin } from './admin-cli';

/**
 * Test data through the real doors: probers registered with the admin CLI, monitors created through
 * the API, results posted through the agent API exactly as a prober agent would.
 */

const baseUrl = () => process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? '3900'}`;

export interface SeededProber {
  id: number;
  name: string;
  /** The agent key the CLI printed (`Authorization: Prober <key>`). */
  key: string;
}

let proberCounter = 0;

/** Registers `count` probers with `npm run admin -- add-prober`, with names unique to this run. */
export async function registerProbers(count: number, prefix = 'seed'): Promise<SeededProber[]> {
  const countries = ['IR', 'DE', 'NL', 'FR', 'US', 'TR'];
  const probers: SeededProber[] = [];
  for (let index = 0; index < count; index += 1) {
    // The process id keeps two workers apart within one millisecond.
    const name = `${prefix}-${Date.now().toString(36)}-${process.pid.toString(36)}-${++proberCounter}`;
    const output = await admin('add-prober', name, '--country', countries[index % countries.length] as string);
    const id = Number(/\(id (\d+)\)/.exec(output)?.[1]);
    const key = output.split('\n')[1]?.trim();
    if (!id || !key) throw new Error(`add-prober printed no id and key:\n${output}`);
    probers.push({ id, name, key });
  }
  return probers;
}

async function call<T>(method: string, path: string, authorization: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(authorization ? { Authorization: authorization } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** A session key for a user, from the login call. */
export async function sessionKey(email: string, password: string): Promise<string> {
  return (await call<{ key: string }>('POST', '/api/v1/users/login', null, { email, password })).key;
}

/**
 * An HTTP monitor of the user's, assigned to the probers. Its period is the Free plan's shortest
 * (300 s): no command or call can move a user to a plan that allows 5 s, and ingest takes results
 * at any spacing, so the seeded checks may be closer together than the period says.
 */
export async function createMonitor(
  key: string,
  probers: readonly SeededProber[],
  fields: { alias?: string; url?: string; apdex?: number; period?: number } = {},
): Promise<Monitor> {
  return call<Monitor>('POST', '/api/v1/monitors/', `Token ${key}`, {
    protocol_type: 'HTTP',
    url: fields.url ?? `http://127.0.0.1:${process.env.E2E_PORT ?? '3900'}/healthz`,
    alias: fields.alias ?? null,
    period: fields.period ?? 300,
    apdex: fields.apdex ?? 0.5,
    http_method: 'GET',
    probers: probers.map((prober) => prober.id),
  });
}

/** A small deterministic generator (mulberry32), so every run seeds the same shapes. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface ResultShape {
  /** Epoch ms ranges in which every prober's check fails (an outage the state machine sees). */
  outages?: ReadonlyArray<readonly [number, number]>;
  /** Share of other checks that fail on their own (0..1). */
  failureRate?: number;
  /** Typical total duration of each prober's checks in ms, by prober index. */
  baseMs?: readonly number[];
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * One prober's results for a monitor at every `periodMs` in [from, to): phases that add up to the
 * duration, a daily rhythm, occasional slow checks, failures in the outages and a few at random.
 */
export function buildResults(
  monitorId: number,
  proberIndex: number,
  from: number,
  to: number,
  periodMs: number,
  shape: ResultShape = {},
): CheckResult[] {
  const next = random(monitorId * 1_000 + proberIndex + 1);
  const base = shape.baseMs?.[proberIndex] ?? [90, 160, 260][proberIndex % 3] ?? 120;
  const results: CheckResult[] = [];
  const first = Math.ceil(from / periodMs) * periodMs;
  for (let time = first; time < to; time += periodMs) {
    const hour = new Date(time).getUTCHours();
    const rhythm = 1 + 0.35 * Math.sin(((hour - 6) / 24) * 2 * Math.PI);
    const slow = next() < 0.03 ? 4 + next() * 12 : 1;
    const duration = round(base * rhythm * slow * (0.8 + next() * 0.4));
    const inOutage = shape.outages?.some(([start, end]) => time >= start && time < end) ?? false;
    const failed = inOutage || next() < (shape.failureRate ?? 0.002);
    const resolve = round(duration * 0.06);
    const connect = round(duration * 0.18);
    const tls = round(duration * 0.26);
    results.push({
      monitor_id: monitorId,
      time: new Date(time).toISOString(),
      success: !failed,
      status_code: failed ? null : 200,
      error: failed ? 'connection refused' : null,
      phases: failed
        ? { resolve, connect: null, tls: null, response: null, duration: round(connect + resolve) }
        : { resolve, connect, tls, response: round(duration * 0.42), duration },
      extra_info: {},
    });
  }
  return results;
}

/** Posts one batch (at most MAX_RESULTS_PER_BATCH) as the prober; fails on any rejected or refused result. */
export async function postBatch(prober: SeededProber, batch: readonly CheckResult[]): Promise<number> {
  if (batch.length > MAX_RESULTS_PER_BATCH) throw new Error(`a batch holds at most ${MAX_RESULTS_PER_BATCH} results`);
  const outcome = await call<ResultsResponse>('POST', '/api/agent/v1/results', `Prober ${prober.key}`, {
    results: batch,
  });
  if (outcome.rejected || outcome.refused) {
    throw new Error(
      `${outcome.rejected} results were rejected and ${outcome.refused} refused for prober ${prober.name}: ${JSON.stringify(outcome.refusals)}`,
    );
  }
  return outcome.accepted;
}

/** How much time one round of batches covers: outages on its boundaries start and end exactly. */
export const SEED_CHUNK_MS = 10 * 60_000;

/**
 * Every prober's results of a time range, sent about as agents would: in time order, a chunk of
 * SEED_CHUNK_MS (aligned to the epoch) at a time with the probers taking turns, so the down/up
 * decision sees the probers side by side. Returns how many results were stored.
 */
export async function seedRange(
  monitor: Pick<Monitor, 'id'>,
  probers: readonly SeededProber[],
  range: { from: number; to: number; periodMs: number },
  shape: ResultShape = {},
): Promise<number> {
  const perProber = probers.map((_, index) =>
    buildResults(monitor.id, index, range.from, range.to, range.periodMs, shape),
  );
  const cursors = probers.map(() => 0);
  let accepted = 0;
  for (let chunkEnd = Math.floor(range.from / SEED_CHUNK_MS + 1) * SEED_CHUNK_MS; ; chunkEnd += SEED_CHUNK_MS) {
    let left = false;
    for (const [index, prober] of probers.entries()) {
      const results = perProber[index] ?? [];
      let end = cursors[index] ?? 0;
      while (end < results.length && Date.parse(results[end]?.time ?? '') < chunkEnd) end += 1;
      for (let start = cursors[index] ?? 0; start < end; start += MAX_RESULTS_PER_BATCH) {
        accepted += await postBatch(prober, results.slice(start, Math.min(end, start + MAX_RESULTS_PER_BATCH)));
      }
      cursors[index] = end;
      if (end < results.length) left = true;
    }
    if (!left) return accepted;
  }
}
