import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { checkResult } from '@paydar/contracts/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from './check';
import { checkOptions, closedPort, httpSpec, type Listening, listen, startHttpServer } from './test-support/servers';

let server: Listening;
let base: string;
let requests = 0;
let lastEcho: { method: string; headers: IncomingMessage['headers']; body: string } | null = null;

function route(req: IncomingMessage, res: ServerResponse) {
  requests++;
  const url = new URL(req.url ?? '/', 'http://x');
  const hops = /^\/redirect\/(\d+)$/.exec(url.pathname);
  if (url.pathname === '/slow-first-byte') {
    setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'), 200);
  } else if (hops) {
    const left = Number(hops[1]);
    if (left === 0) res.writeHead(200).end('arrived');
    else res.writeHead(302, { location: `/redirect/${left - 1}` }).end();
  } else if (url.pathname === '/see-other') {
    res.writeHead(303, { location: '/echo' }).end();
  } else if (url.pathname === '/echo') {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      lastEcho = { method: req.method ?? '', headers: req.headers, body };
      res.writeHead(200).end('echoed');
    });
  } else if (url.pathname === '/status/500') {
    res.writeHead(500).end('broken');
  } else if (url.pathname === '/status/503') {
    res.writeHead(503, 'Service Unavailable').end();
  } else if (url.pathname === '/big') {
    res.writeHead(200);
    for (let i = 0; i < 64; i++) res.write(Buffer.alloc(16 * 1024, 97));
    res.end();
  } else if (url.pathname === '/hang') {
    // never answers
  } else {
    res.writeHead(404).end();
  }
}

beforeAll(async () => {
  server = await startHttpServer(route);
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.close());

describe('HTTP check against a local server', () => {
  it('measures a 200 ms delayed first byte as the response phase, with small resolve and connect', async () => {
    const result = await runCheck(httpSpec(`${base}/slow-first-byte`), checkOptions);
    expect(result.success).toBe(true);
    expect(result.status_code).toBe(200);
    expect(result.error).toBeNull();
    const { resolve, connect, tls, response, duration } = result.phases;
    // The 200 ms wait is counted in the response phase, not in connect. No upper bounds: a busy
    // machine only adds time (issue 26).
    expect(response).toBeGreaterThanOrEqual(190);
    expect(resolve).toBeNull(); // an IP literal needs no lookup
    expect(connect).toBeGreaterThan(0);
    expect(connect).toBeLessThan(response ?? 0);
    expect(tls).toBeNull();
    expect(duration).toBeGreaterThanOrEqual(response ?? 0);
    expect(result.time).toBe('2026-01-01T00:00:00.000Z');
    expect(result.monitor_id).toBe(1);
  });

  it('measures the resolve phase when the target is a name', async () => {
    const result = await runCheck(httpSpec(`http://localhost:${server.port}/redirect/0`), checkOptions);
    expect(result.success).toBe(true);
    expect(result.phases.resolve).toBeGreaterThanOrEqual(0);
  });

  it('follows redirects up to max_redirects and lists them', async () => {
    const result = await runCheck(httpSpec(`${base}/redirect/3`, { max_redirects: 3 }), checkOptions);
    expect(result.success).toBe(true);
    expect(result.status_code).toBe(200);
    expect(result.extra_info.redirects).toHaveLength(3);
    expect(result.extra_info.url).toBe(`${base}/redirect/0`);
  });

  it('fails when the redirects go on past the limit', async () => {
    const result = await runCheck(httpSpec(`${base}/redirect/4`, { max_redirects: 3 }), checkOptions);
    expect(result.success).toBe(false);
    expect(result.error).toBe('too many redirects (more than 3)');
    expect(result.status_code).toBe(302);
  });

  it('with max_redirects 0 reports the redirect itself', async () => {
    const result = await runCheck(httpSpec(`${base}/redirect/1`, { max_redirects: 0 }), checkOptions);
    expect(result.success).toBe(true);
    expect(result.status_code).toBe(302);
  });

  it('sends the method, headers and body of a POST', async () => {
    const headers = [
      { key: 'X-Check', value: 'paydar' },
      { key: 'Content-Type', value: 'application/json' },
    ];
    const result = await runCheck(httpSpec(`${base}/echo`, { method: 'POST', headers, body: '{"a":1}' }), checkOptions);
    expect(result.success).toBe(true);
    expect(lastEcho?.method).toBe('POST');
    expect(lastEcho?.body).toBe('{"a":1}');
    expect(lastEcho?.headers['x-check']).toBe('paydar');
    expect(lastEcho?.headers['content-type']).toBe('application/json');
    expect(lastEcho?.headers.host).toBe(`127.0.0.1:${server.port}`);
    expect(lastEcho?.headers.connection).toBe('close');
  });

  it('never sends framing headers from a spec (monitors saved before the API refused them): it drops them', async () => {
    const framing = [
      { key: 'Transfer-Encoding', value: 'chunked' },
      { key: 'Content-Length', value: '999' },
      { key: 'Connection', value: 'keep-alive' },
      { key: 'Keep-Alive', value: 'timeout=5' },
      { key: 'Proxy-Connection', value: 'keep-alive' },
      { key: 'Upgrade', value: 'websocket' },
      { key: 'TE', value: 'trailers' },
      { key: 'Trailer', value: 'X-After' },
    ];
    const headers = [...framing, { key: 'X-Kept', value: 'yes' }];
    const result = await runCheck(httpSpec(`${base}/echo`, { method: 'POST', headers, body: '{"a":1}' }), checkOptions);
    expect(result).toMatchObject({ success: true, error: null });
    expect(lastEcho?.body).toBe('{"a":1}');
    expect(lastEcho?.headers['content-length']).toBe('7');
    expect(lastEcho?.headers.connection).toBe('close');
    expect(lastEcho?.headers['x-kept']).toBe('yes');
    for (const name of ['transfer-encoding', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer']) {
      expect(lastEcho?.headers[name], name).toBeUndefined();
    }
  });

  it('sends a Host override but still connects to the address of the URL', async () => {
    const result = await runCheck(
      httpSpec(`${base}/echo`, { headers: [{ key: 'Host', value: 'www.example.test' }] }),
      checkOptions,
    );
    expect(result.success).toBe(true);
    expect(lastEcho?.headers.host).toBe('www.example.test');
  });

  it('does not send a body with GET, and turns a POST into a GET on 303', async () => {
    await runCheck(httpSpec(`${base}/echo`, { method: 'GET', body: 'ignored' }), checkOptions);
    expect(lastEcho?.body).toBe('');
    await runCheck(httpSpec(`${base}/see-other`, { method: 'POST', body: 'x' }), checkOptions);
    expect(lastEcho?.method).toBe('GET');
    expect(lastEcho?.body).toBe('');
  });

  it('opens a fresh connection for every check', async () => {
    const before = requests;
    const results = await Promise.all([1, 2, 3].map(() => runCheck(httpSpec(`${base}/redirect/0`), checkOptions)));
    expect(requests - before).toBe(3);
    for (const r of results) expect(r.phases.connect).toBeGreaterThan(0);
  });

  it('fails on 500 with the status in the error', async () => {
    const result = await runCheck(httpSpec(`${base}/status/500`), checkOptions);
    expect(result.success).toBe(false);
    expect(result.status_code).toBe(500);
    expect(result.error).toBe('HTTP 500 Internal Server Error');
    const unavailable = await runCheck(httpSpec(`${base}/status/503`), checkOptions);
    expect(unavailable.error).toBe('HTTP 503 Service Unavailable');
  });

  it('reads at most 64 KiB of a large body', async () => {
    const result = await runCheck(httpSpec(`${base}/big`), checkOptions);
    expect(result.success).toBe(true);
    expect(result.extra_info.body_bytes).toBeGreaterThanOrEqual(64 * 1024);
    expect(result.extra_info.body_bytes).toBeLessThan(1024 * 1024);
  });

  it('reports a refused connection on a closed port', async () => {
    const port = await closedPort();
    const result = await runCheck(httpSpec(`http://127.0.0.1:${port}/`), checkOptions);
    expect(result.success).toBe(false);
    expect(result.error).toBe('connection refused');
    expect(result.status_code).toBeNull();
    expect(result.phases.response).toBeNull();
  });

  it('times out on a server that never answers', async () => {
    const result = await runCheck(httpSpec(`${base}/hang`, {}, 300), checkOptions);
    expect(result.success).toBe(false);
    expect(result.error).toBe('timeout after 0.3 s');
    expect(result.phases.connect).toBeGreaterThan(0);
    // It ends at its timeout: the server never answers, so without it this test would hang.
    expect(result.phases.duration).toBeGreaterThanOrEqual(295);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await runCheck(httpSpec(`${base}/hang`), { ...checkOptions, signal: controller.signal });
    expect(result.error).toBe('aborted');
  });

  it('reports a header it cannot send', async () => {
    const result = await runCheck(
      httpSpec(`${base}/echo`, { headers: [{ key: 'Bad Name', value: 'x' }] }),
      checkOptions,
    );
    expect(result).toMatchObject({ success: false, error: 'invalid header name' });
    const value = await runCheck(httpSpec(`${base}/echo`, { headers: [{ key: 'X-A', value: 'a\nb' }] }), checkOptions);
    expect(value.error).toBe('invalid character in a header');
  });

  it('reports a URL it cannot check', async () => {
    expect((await runCheck(httpSpec('ftp://127.0.0.1/'), checkOptions)).error).toBe('unsupported URL scheme ftp:');
    expect((await runCheck(httpSpec('http://[::1/'), checkOptions)).error).toBe('invalid URL');
  });
});

describe('HTTP check against a server that writes its own status line', () => {
  /** Answers every request with `statusLine` as it is, bytes Node's own server would refuse to send. */
  async function rawServer(statusLine: string) {
    const raw = createNetServer((socket) => {
      socket.on('error', () => {});
      socket.once('data', () => socket.end(`${statusLine}\r\ncontent-length: 0\r\n\r\n`));
    });
    return listen(raw);
  }

  it('reports a reason phrase holding a NUL and an escape cleaned', async () => {
    const raw = await rawServer('HTTP/1.1 503 Bad\u0000Gate\u001b[2Jway');
    const result = await runCheck(httpSpec(`http://127.0.0.1:${raw.port}/`), checkOptions);
    await raw.close();
    expect(result).toMatchObject({ success: false, status_code: 503, error: 'HTTP 503 BadGate[2Jway' });
    expect(checkResult.safeParse(result).success).toBe(true);
  });

  it.each([
    ['HTTP/1.1 999 Odd', 'invalid HTTP status 999'],
    ['HTTP/1.1 099 Low', 'invalid HTTP status 99'],
  ])('fails %j as outside HTTP, with no status code', async (statusLine, error) => {
    const raw = await rawServer(statusLine);
    const result = await runCheck(httpSpec(`http://127.0.0.1:${raw.port}/`), checkOptions);
    await raw.close();
    expect(result).toMatchObject({ success: false, status_code: null, error });
    expect(checkResult.safeParse(result).success).toBe(true);
  });
});
