import type { IncomingMessage, ServerResponse } from 'node:http';
import { type HttpAssertionInput, httpAssertion } from '@paydar/contracts/http-assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from './check';
import { checkOptions, httpSpec, type Listening, startHttpServer } from './test-support/servers';

let server: Listening;
let base: string;

const JSON_BODY = JSON.stringify({
  status: 'down',
  ok: true,
  count: 42,
  data: { items: [{ status: 'ok', tags: ['a', 'b'] }], 'odd.key': 'x' },
});

function route(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/page') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-build': ' v42 ' });
    res.end('<html><body>Welcome back. Internal Error in module 7</body></html>');
  } else if (url.pathname === '/json') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON_BODY);
  } else if (url.pathname === '/status/503') {
    res.writeHead(503).end();
  } else if (url.pathname === '/created') {
    res.writeHead(201).end();
  } else if (url.pathname === '/moved') {
    res.writeHead(301, { location: '/page' }).end();
  } else if (url.pathname === '/late-keyword') {
    // The keyword sits after 1 MB of padding: beyond what the check reads.
    res.writeHead(200);
    for (let i = 0; i < 17; i++) res.write(Buffer.alloc(64 * 1024, 97));
    res.end('NEEDLE');
  } else if (url.pathname === '/keyword-at-900k') {
    res.writeHead(200);
    for (let i = 0; i < 14; i++) res.write(Buffer.alloc(64 * 1024, 97));
    res.end('NEEDLE');
  } else {
    res.writeHead(404).end();
  }
}

beforeAll(async () => {
  server = await startHttpServer(route);
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.close());

/** Runs one check with these assertions, parsed as the agent protocol carries them. */
function check(path: string, assertions: HttpAssertionInput[], extra: Record<string, unknown> = {}) {
  return runCheck(
    httpSpec(`${base}${path}`, { assertions: assertions.map((a) => httpAssertion.parse(a)), ...extra }),
    checkOptions,
  );
}

describe('accepted status codes', () => {
  it('fails a status outside the ranges, naming the status and the ranges, as the target’s failure', async () => {
    const result = await check('/created', [], { accepted_statuses: [[200, 200]] });
    expect(result).toMatchObject({ success: false, status_code: 201, failure_class: 'target' });
    expect(result.error).toBe('Status 201 not in 200');
  });

  it('accepts a status inside one of several ranges', async () => {
    const result = await check('/status/503', [], {
      accepted_statuses: [
        [200, 299],
        [503, 503],
      ],
    });
    expect(result.success).toBe(true);
    expect(result.status_code).toBe(503);
  });

  it('keeps today’s rule and text without accepted_statuses (an older server or the default)', async () => {
    const result = await check('/status/503', []);
    expect(result).toMatchObject({ success: false, error: 'HTTP 503 Service Unavailable' });
    expect((await check('/created', [])).success).toBe(true);
  });

  it('judges the 3xx itself when redirects are not followed', async () => {
    const notFollowed = await check('/moved', [], {
      max_redirects: 0,
      accepted_statuses: [[200, 299]],
    });
    expect(notFollowed).toMatchObject({ success: false, status_code: 301, error: 'Status 301 not in 200-299' });
    const followed = await check('/moved', [], { accepted_statuses: [[200, 299]] });
    expect(followed).toMatchObject({ success: true, status_code: 200 });
  });
});

describe('keyword assertions', () => {
  it('fails when an absent keyword is found, case-insensitively by default', async () => {
    const result = await check('/page', [{ type: 'keyword', mode: 'absent', value: 'error' }]);
    expect(result).toMatchObject({ success: false, status_code: 200, failure_class: 'target' });
    expect(result.error).toBe('Keyword "error" found');
  });

  it('passes an absent keyword whose case differs when the match is case-sensitive', async () => {
    const result = await check('/page', [{ type: 'keyword', mode: 'absent', value: 'error', case_sensitive: true }]);
    expect(result.success).toBe(true);
  });

  it('fails a present keyword that is not there, and passes one that is', async () => {
    const missing = await check('/page', [{ type: 'keyword', mode: 'present', value: 'Goodbye' }]);
    expect(missing.error).toBe('Keyword "Goodbye" not found');
    const there = await check('/page', [{ type: 'keyword', mode: 'present', value: 'Welcome', case_sensitive: true }]);
    expect(there.success).toBe(true);
  });

  it('reads the first 1 MB of the body and no more', async () => {
    const within = await check('/keyword-at-900k', [{ type: 'keyword', mode: 'present', value: 'NEEDLE' }]);
    expect(within.success).toBe(true);
    const beyond = await check('/late-keyword', [{ type: 'keyword', mode: 'present', value: 'NEEDLE' }]);
    expect(beyond).toMatchObject({ success: false, error: 'Keyword "NEEDLE" not found' });
  });

  it('cuts a long keyword in the error text', async () => {
    const long = 'x'.repeat(200);
    const result = await check('/page', [{ type: 'keyword', mode: 'present', value: long }]);
    expect(result.error).toBe(`Keyword "${'x'.repeat(60)}…" not found`);
  });
});

describe('JSON body assertions', () => {
  it('fails equals with the path, the value found and the value expected', async () => {
    const result = await check('/json', [{ type: 'json', path: 'status', operator: 'equals', value: 'ok' }]);
    expect(result).toMatchObject({ success: false, failure_class: 'target' });
    expect(result.error).toBe('$.status was "down", expected "ok"');
  });

  it('reads dotted and bracket paths, comparing non-strings as JSON', async () => {
    const result = await check('/json', [
      { type: 'json', path: 'data.items[0].status', operator: 'equals', value: 'ok' },
      { type: 'json', path: '$.ok', operator: 'equals', value: 'true' },
      { type: 'json', path: 'count', operator: 'equals', value: '42' },
      { type: 'json', path: 'data["odd.key"]', operator: 'exists' },
      { type: 'json', path: 'data.items[0].tags', operator: 'contains', value: 'b' },
      { type: 'json', path: 'data.items[0].status', operator: 'contains', value: 'o' },
    ]);
    expect(result.error).toBeNull();
    expect(result.success).toBe(true);
  });

  it('fails exists on a missing path and contains on a value without the text', async () => {
    const missing = await check('/json', [{ type: 'json', path: 'data.items[3]', operator: 'exists' }]);
    expect(missing.error).toBe('$.data.items[3] not found');
    const without = await check('/json', [{ type: 'json', path: 'status', operator: 'contains', value: 'up' }]);
    expect(without.error).toBe('$.status was "down", expected to contain "up"');
  });

  it('fails when the body is not JSON', async () => {
    const result = await check('/page', [{ type: 'json', path: 'status', operator: 'exists' }]);
    expect(result.error).toBe('Body is not JSON ($.status not read)');
  });

  it('does not read inherited properties such as constructor', async () => {
    const result = await check('/json', [{ type: 'json', path: 'constructor', operator: 'exists' }]);
    expect(result.error).toBe('$.constructor not found');
  });
});

describe('response header assertions', () => {
  it('passes an equal value, the name in any case and spaces at the ends ignored', async () => {
    const result = await check('/page', [{ type: 'header', name: 'X-Build', value: 'v42' }]);
    expect(result.success).toBe(true);
  });

  it('fails a different value and a missing header, naming them', async () => {
    const other = await check('/page', [{ type: 'header', name: 'content-type', value: 'application/json' }]);
    expect(other.error).toBe('Header content-type was "text/html; charset=utf-8", expected "application/json"');
    const missing = await check('/page', [{ type: 'header', name: 'x-missing', value: 'yes' }]);
    expect(missing.error).toBe('Header x-missing missing, expected "yes"');
  });
});

it('reports the first assertion that fails, after the status', async () => {
  const result = await check('/status/503', [{ type: 'keyword', mode: 'absent', value: 'x' }], {
    accepted_statuses: [[200, 399]],
  });
  expect(result.error).toBe('Status 503 not in 200-399');
});
