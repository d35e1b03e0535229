import type { AgentTransport, AssignmentsAnswer } from '@paydar/checks/agent/agent';
import { AgentFatalError, BatchRefusedError } from '@paydar/checks/agent/errors';
import type { DeliveryOutcome } from '@paydar/checks/agent/reporter';
import type { CheckResult } from '@paydar/contracts/agent';
import { assignmentsResponse, resultsResponse } from '@paydar/contracts/agent-api';

export interface HttpTransportOptions {
  /** The server's base URL, e.g. https://paydar.example.com (a path prefix is kept). */
  serverUrl: string;
  key: string;
  /** A results POST, or a long-poll beyond its wait, is abandoned after this long, ms (default 30,000). */
  requestTimeoutMs?: number;
  /** Larger bodies are not sent: the reporter is told to send fewer results (the server takes 1 MiB). */
  maxBodyBytes?: number;
  userAgent?: string;
}

/** A server from before per-result validation answers without `refused` and `refusals`. */
const answer = resultsResponse.partial({ refused: true, refusals: true });

/** The agent protocol over HTTP (packages/contracts/src/agent-api.ts), authenticated with `Prober <key>`. */
export function createHttpTransport(options: HttpTransportOptions): AgentTransport {
  const base = options.serverUrl.endsWith('/') ? options.serverUrl : `${options.serverUrl}/`;
  const timeoutMs = options.requestTimeoutMs ?? 30_000;
  const maxBodyBytes = options.maxBodyBytes ?? 1_000_000;
  const headers = {
    authorization: `Prober ${options.key}`,
    accept: 'application/json',
    'user-agent': options.userAgent ?? 'paydar-prober',
  };

  const request = async (path: string, init: RequestInit, signal: AbortSignal, limitMs: number) => {
    const url = new URL(path, base);
    try {
      return await fetch(url, { ...init, signal: AbortSignal.any([signal, AbortSignal.timeout(limitMs)]) });
    } catch (err) {
      if (signal.aborted) throw err;
      if (err instanceof DOMException && err.name === 'TimeoutError') {
        throw new Error(`no answer from ${url.host} within ${Math.round(limitMs / 1000)} s`);
      }
      throw new Error(`cannot reach ${url.host}`, { cause: (err as Error).cause ?? err });
    }
  };

  return {
    async fetchAssignments(version, waitSeconds, signal, recheckAfter): Promise<AssignmentsAnswer | null> {
      const response = await request(
        `api/agent/v1/assignments?version=${version}&wait=${waitSeconds}&recheck_after=${recheckAfter}`,
        { headers },
        signal,
        waitSeconds * 1000 + timeoutMs,
      );
      if (response.status === 204) {
        await response.body?.cancel();
        return null;
      }
      if (response.status !== 200) throw await failure(response);
      const parsed = assignmentsResponse.safeParse(await response.json());
      if (!parsed.success)
        throw new Error(`the server sent assignments this agent cannot read: ${parsed.error.message}`);
      return parsed.data;
    },

    async sendResults(results: CheckResult[], signal: AbortSignal): Promise<DeliveryOutcome | undefined> {
      const body = JSON.stringify({ results });
      const bytes = Buffer.byteLength(body);
      if (bytes > maxBodyBytes) {
        throw new BatchRefusedError(`${results.length} results make ${bytes} bytes, over ${maxBodyBytes}`, 'too-large');
      }
      const response = await request(
        'api/agent/v1/results',
        { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body },
        signal,
        timeoutMs,
      );
      // The server read the batch and will not take it: the agent drops it rather than retry.
      if (response.status === 400) throw new BatchRefusedError(await detail(response), 'invalid');
      if (response.status === 413) throw new BatchRefusedError(await detail(response), 'too-large');
      if (response.status !== 200) throw await failure(response);
      // Stored either way; the counts (and the refusals, which the reporter logs) feed the log and stats.
      const parsed = answer.safeParse(await response.json().catch(() => null));
      return parsed.success ? parsed.data : undefined;
    },
  };
}

async function detail(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { detail?: unknown };
    if (typeof body.detail === 'string') return body.detail;
  } catch {
    // not JSON: the text itself, shortened, says more than nothing
  }
  return text.slice(0, 200) || `HTTP ${response.status}`;
}

async function failure(response: Response): Promise<Error> {
  const text = await detail(response);
  if (response.status === 401) {
    return new AgentFatalError(`the server does not know this prober key (401: ${text}); check --key`);
  }
  if (response.status === 403) {
    return new AgentFatalError(
      `the server refuses this prober (403: ${text}); an admin enables it with \`npm run admin -- enable-prober\``,
    );
  }
  return new Error(`the server answered HTTP ${response.status}: ${text}`);
}
