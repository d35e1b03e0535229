import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CheckResult, type CheckSpec, checkResult } from '@paydar/contracts/agent';
import { type ResultRefusal, resultsBody } from '@paydar/contracts/agent-api';

/**
 * A loopback stand-in for the server's agent API (apps/server/src/modules/agent), speaking the
 * same protocol: `Authorization: Prober <key>`; GET /api/agent/v1/assignments?version&wait →
 * 200 {version, monitors} when the version differs, else 204 after `wait` s; POST
 * /api/agent/v1/results {results} → {accepted, duplicates, rejected, refused, refusals}, each
 * result validated on its own, idempotent on (monitor, time); 401 unknown key, 403 disabled. It
 * can answer 503 to everything, refuse batches as invalid (400), and be stopped and started again
 * on the same port.
 */
export interface FakeAgentApi {
  readonly url: string;
  readonly port: number;
  /** Every result received, in order, duplicates included. */
  readonly received: CheckResult[];
  /** Stored results by `${monitor_id}@${time}`. */
  readonly stored: Map<string, CheckResult>;
  readonly counts: { polls: number; posts: number; duplicates: number };
  setMonitors(monitors: CheckSpec[]): void;
  /** Answer every request with this status (e.g. 503) until set back to null. */
  failWith(status: number | null): void;
  /** Answer the next `count` results posts 400, as a server that cannot read the batch does. */
  refuseBatches(count: number): void;
  /** The batches answered 400, as sent. */
  readonly refusedBatches: CheckResult[][];
  disable(disabled: boolean): void;
  /** Stops listening and closes every connection; results being received are stored and answered first. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

export const resultKey = (r: Pick<CheckResult, 'monitor_id' | 'time'>) => `${r.monitor_id}@${r.time}`;

export async function startFakeAgentApi(options: { key: string; waitCapSeconds?: number }): Promise<FakeAgentApi> {
  let version = 0;
  let monitors: CheckSpec[] = [];
  let failStatus: number | null = null;
  let batchesToRefuse = 0;
  const refusedBatches: CheckResult[][] = [];
  let disabled = false;
  const received: CheckResult[] = [];
  const stored = new Map<string, CheckResult>();
  const counts = { polls: 0, posts: 0, duplicates: 0 };
  const polls = new Set<() => void>();
  let server: Server | null = null;
  let port = 0;
  let closing = false;
  let postsInFlight = 0;

  const send = (res: ServerResponse, status: number, body?: unknown) => {
    if (body === undefined) return res.writeHead(status).end();
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (closing) return req.socket.destroy();
    if (req.method === 'POST') {
      postsInFlight++;
      res.once('close', () => postsInFlight--);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (failStatus !== null) return send(res, failStatus, { detail: 'Service Unavailable' });
    const key = /^Prober\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (key !== options.key) return send(res, 401, { detail: 'Unknown prober key.' });
    if (disabled) return send(res, 403, { detail: 'This prober is disabled.' });
    const url = new URL(req.url ?? '/', 'http://fake');

    if (req.method === 'GET' && url.pathname === '/api/agent/v1/assignments') {
      counts.polls++;
      const known = Number(url.searchParams.get('version') ?? 0);
      const wait = Math.min(Number(url.searchParams.get('wait') ?? 25), options.waitCapSeconds ?? 60);
      if (known === version) {
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            polls.delete(done);
            resolve();
          };
          const timer = setTimeout(done, wait * 1000);
          polls.add(done);
          req.socket.once('close', done);
        });
      }
      if (closing) return req.socket.destroy();
      if (known === version) return send(res, 204);
      return send(res, 200, { version, monitors });
    }

    if (req.method === 'POST' && url.pathname === '/api/agent/v1/results') {
      counts.posts++;
      const parsed = resultsBody.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'));
      if (!parsed.success) return send(res, 400, { detail: parsed.error.message });
      if (batchesToRefuse > 0) {
        batchesToRefuse--;
        refusedBatches.push(parsed.data.results as CheckResult[]);
        return send(res, 400, { code: 'VALIDATION_FAILED', detail: 'results: Invalid input.' });
      }
      const assigned = new Set(monitors.map((m) => m.monitor_id));
      const outcome = { accepted: 0, duplicates: 0, rejected: 0, refused: 0, refusals: [] as ResultRefusal[] };
      parsed.data.results.forEach((item, index) => {
        const valid = checkResult.safeParse(item);
        if (!valid.success) {
          outcome.refused++;
          const [issue] = valid.error.issues;
          outcome.refusals.push({ index, field: issue?.path.join('.') ?? '', message: issue?.message ?? '' });
          return;
        }
        const result = valid.data;
        received.push(result);
        if (!assigned.has(result.monitor_id)) outcome.rejected++;
        else if (stored.has(resultKey(result))) outcome.duplicates++;
        else {
          stored.set(resultKey(result), result);
          outcome.accepted++;
        }
      });
      counts.duplicates += outcome.duplicates;
      return send(res, 200, outcome);
    }
    send(res, 404, { detail: 'Not found.' });
  };

  const listen = async () => {
    const next = createServer((req, res) => {
      handle(req, res).catch(() => res.destroy());
    });
    closing = false;
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    port = (next.address() as AddressInfo).port;
    server = next;
  };
  await listen();

  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    received,
    stored,
    counts,
    setMonitors(next) {
      monitors = next;
      version++;
      for (const wake of [...polls]) wake();
    },
    failWith(status) {
      failStatus = status;
    },
    refuseBatches(count) {
      batchesToRefuse = count;
    },
    refusedBatches,
    disable(value) {
      disabled = value;
    },
    async stop() {
      const current = server;
      if (!current) return;
      closing = true;
      const closed = new Promise<void>((resolve) => current.close(() => resolve()));
      // Held long-polls are cut, as when a server dies; batches being received are stored and
      // answered first, so a test can tell a lost result from one the agent sent twice.
      for (const cut of [...polls]) cut();
      while (postsInFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5));
      current.closeAllConnections();
      await closed;
      server = null;
    },
    start: listen,
  };
}
