import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AgentFatalError, BatchRefusedError } from '@paydar/checks/agent/errors';
import { resultAt } from '@paydar/result-buffer/test-support/results';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHttpTransport } from './http-transport';
import { type FakeAgentApi, startFakeAgentApi } from './test-support/fake-agent-api';

let api: FakeAgentApi;
const never = new AbortController().signal;
const spec = {
  monitor_id: 1,
  protocol: 'TCP' as const,
  target: 'example.test:80',
  period_seconds: 60,
  timeout_ms: 1000,
};

beforeEach(async () => {
  api = await startFakeAgentApi({ key: 'right' });
});
afterEach(() => api.stop());

describe('HTTP transport', () => {
  it('gets the whole set when the version differs, and null when nothing changes within the wait', async () => {
    const transport = createHttpTransport({ serverUrl: api.url, key: 'right' });
    api.setMonitors([spec]);
    expect(await transport.fetchAssignments(0, 1, never, 0)).toEqual({ version: 1, monitors: [spec] });
    const started = Date.now();
    expect(await transport.fetchAssignments(1, 1, never, 0)).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('posts results and returns the server’s counts; a second send of the same batch is a duplicate', async () => {
    const transport = createHttpTransport({ serverUrl: `${api.url}/`, key: 'right' });
    api.setMonitors([spec]);
    const batch = [resultAt(1), resultAt(2)];
    const counts = { rejected: 0, refused: 0, refusals: [] };
    expect(await transport.sendResults(batch, never)).toEqual({ accepted: 2, duplicates: 0, ...counts });
    expect(await transport.sendResults(batch, never)).toEqual({ accepted: 0, duplicates: 2, ...counts });
  });

  it('returns the results the server refused one by one, and makes a 400 for the whole batch a refusal', async () => {
    const transport = createHttpTransport({ serverUrl: api.url, key: 'right' });
    api.setMonitors([spec]);
    const poisoned = { ...resultAt(2), error: 'bad\u0000' };
    expect(await transport.sendResults([resultAt(1), poisoned], never)).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: 0,
      refused: 1,
      refusals: [{ index: 1, field: 'error', message: 'Must not contain NUL characters.' }],
    });
    api.refuseBatches(1);
    const refusal = await transport.sendResults([resultAt(3)], never).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(BatchRefusedError);
    expect(refusal).toMatchObject({ reason: 'invalid', message: 'results: Invalid input.' });
  });

  it('makes 401 and 403 fatal, with a text that says what to do', async () => {
    const wrong = createHttpTransport({ serverUrl: api.url, key: 'wrong' });
    await expect(wrong.fetchAssignments(0, 0, never, 0)).rejects.toThrow(AgentFatalError);
    await expect(wrong.sendResults([resultAt(1)], never)).rejects.toThrow(/does not know this prober key \(401/);
    api.disable(true);
    const disabled = createHttpTransport({ serverUrl: api.url, key: 'right' });
    await expect(disabled.fetchAssignments(0, 0, never, 0)).rejects.toThrow(
      /refuses this prober \(403: This prober is disabled/,
    );
  });

  it('makes 503 and an unreachable server ordinary failures, retried by the agent', async () => {
    const transport = createHttpTransport({ serverUrl: api.url, key: 'right' });
    api.failWith(503);
    const failure = await transport.sendResults([resultAt(1)], never).catch((err: Error) => err);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(AgentFatalError);
    expect((failure as Error).message).toBe('the server answered HTTP 503: Service Unavailable');
    await api.stop();
    await expect(transport.fetchAssignments(0, 0, never, 0)).rejects.toThrow(/cannot reach 127\.0\.0\.1/);
  });

  it('refuses to send a body over the limit, so the agent sends fewer results at a time', async () => {
    const transport = createHttpTransport({ serverUrl: api.url, key: 'right', maxBodyBytes: 1_000 });
    await expect(
      transport.sendResults(
        [1, 2, 3, 4, 5].map((i) => resultAt(i)),
        never,
      ),
    ).rejects.toThrow(BatchRefusedError);
    expect(api.counts.posts).toBe(0);
  });

  it('gives up on a server that accepts the request and never answers', async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const transport = createHttpTransport({ serverUrl: `http://127.0.0.1:${port}`, key: 'k', requestTimeoutMs: 300 });
    await expect(transport.sendResults([resultAt(1)], never)).rejects.toThrow('no answer from 127.0.0.1');
    silent.closeAllConnections();
    silent.close();
  });
});
