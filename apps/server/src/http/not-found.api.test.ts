import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { generateOpenApiDocument } from '../openapi/openapi-document';

const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

// With the web app served: its catch-all GET must not make every API path "allow" GET.
let server: TestServer;
let webDir: string;
beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'paydar-not-found-'));
  await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  server = await startTestServer({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await server?.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

const call = (method: InjectOptions['method'], url: string) =>
  server.app.inject({ method, url, headers: { accept: 'application/json' } });

describe('a known path with a method it lacks', () => {
  it.each([
    ['DELETE', '/api/v1/users/login', 'POST'],
    ['GET', '/api/v1/users/login', 'POST'],
    ['GET', '/api/v1/users/api_tokens/5', 'DELETE'],
    ['POST', '/api/v1/monitors/5/', 'DELETE, GET, HEAD, PATCH, PUT'],
    ['PUT', '/ping/some-token/fail', 'GET, HEAD, POST'],
    ['DELETE', '/api/v1/live/?x=1', 'GET, HEAD'],
  ] as const)('%s %s answers 405 with Allow: %s', async (method, url, allow) => {
    const response = await call(method, url);
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe(allow);
    expect(response.json()).toEqual({ code: 'METHOD_NOT_ALLOWED', detail: expect.stringContaining(allow) });
  });

  it('unknown paths stay a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/no_such_thing'],
      ['DELETE', '/api/v1/monitors/5/nothing'],
      ['PUT', '/nothing-here'],
    ] as const) {
      const response = await call(method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });

  it('holds for every path of the API document: a method it lacks is 405, Allow lists the methods it has', async () => {
    const document = JSON.parse(await generateOpenApiDocument()) as { paths: Record<string, Record<string, unknown>> };
    const refused: string[] = [];
    let checked = 0;
    for (const [template, operations] of Object.entries(document.paths)) {
      const url = template.replace(/\{[^}]+\}/g, '1');
      const methods = new Set(Object.keys(operations).map((method) => method.toUpperCase()));
      if (methods.has('GET')) methods.add('HEAD');
      const lacking = HTTP_METHODS.filter((method) => !methods.has(method));
      for (const method of lacking) {
        checked += 1;
        const response = await call(method, url);
        const expected = [...methods].sort().join(', ');
        if (response.statusCode !== 405 || response.headers.allow !== expected)
          refused.push(`${method} ${url}: ${response.statusCode} Allow ${response.headers.allow} (want ${expected})`);
      }
    }
    expect(checked).toBeGreaterThan(200);
    expect(refused).toEqual([]);
  });
});
