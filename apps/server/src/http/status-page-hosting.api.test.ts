import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@paydar/contracts/runtime-config-element';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { withHttpsImages } from './status-page-hosting';

// The harness's own hosts: PUBLIC_URL http://api.test, DASHBOARD_URL http://dashboard.test.
const APP_PAGE = '<!doctype html><html><head><title>App</title></head><body><div id="root"></div></body></html>';
const STATUS_PAGE =
  '<!doctype html><html><head><title>Status</title></head><body><div id="status-root"></div></body></html>';

let server: TestServer;
let tempDir: string;
beforeAll(async () => {
  tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'paydar-status-hosting-'));
  await fs.mkdir(path.join(tempDir, 'assets'));
  await fs.writeFile(path.join(tempDir, 'index.html'), APP_PAGE);
  await fs.writeFile(path.join(tempDir, 'status.html'), STATUS_PAGE);
  await fs.writeFile(path.join(tempDir, 'status.html.gz'), 'not the page');
  await fs.writeFile(path.join(tempDir, 'assets', 'status.js'), 'export {};');
  server = await startTestServer({ WEB_DIST_DIR: tempDir });
});
afterAll(async () => {
  await server.close();
  await fs.rm(tempDir, { recursive: true, force: true });
});

const get = (url: string, host: string) =>
  server.app.inject({ method: 'GET', url, headers: { accept: 'text/html', host } });

const pageOf = (body: string) =>
  body.includes('id="status-root"') ? 'status' : body.includes('id="root"') ? 'app' : '?';

describe('which page answers', () => {
  it.each([
    ['/status/acme', 'dashboard.test'],
    ['/status/acme/', 'dashboard.test'],
    ['/status/acme/incidents/12', 'dashboard.test'],
    ['/status/acme/subscription?confirm=abc', 'api.test'],
    ['/status/acme', 'localhost:3000'],
    ['/status/acme', 'status.example.com'],
  ])('%s on %s is the status page, with the runtime configuration, never cached', async (url, host) => {
    const response = await get(url, host);
    expect(response.statusCode).toBe(200);
    expect(pageOf(response.body)).toBe('status');
    expect(response.body).toContain(`id="${RUNTIME_CONFIG_ELEMENT_ID}"`);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  it.each(['/', '/incidents/7', '/subscription?unsubscribe=abc', '/login'])(
    '%s on a custom domain is the status page at its root',
    async (url) => {
      const response = await get(url, 'status.example.com');
      expect(pageOf(response.body)).toBe('status');
    },
  );

  it('reads the host without its port and in any case', async () => {
    expect(pageOf((await get('/', 'Status.Example.COM:8443')).body)).toBe('status');
    expect(pageOf((await get('/', 'DASHBOARD.test:443')).body)).toBe('app');
  });

  it.each([
    'dashboard.test',
    'api.test',
    'localhost',
    'localhost:5173',
    '127.0.0.1:3000',
    '[::1]:3000',
    '10.0.0.7',
    'intranet',
  ])('/ on %s (ours, or never a custom domain) is the app', async (host) => {
    for (const url of ['/', '/monitor/4', '/status']) expect(pageOf((await get(url, host)).body), url).toBe('app');
  });

  it('serves the assets and the API as usual on a custom domain', async () => {
    const asset = await get('/assets/status.js', 'status.example.com');
    expect(asset.body).toBe('export {};');
    const api = await server.app.inject({
      method: 'GET',
      url: '/api/v1/nothing',
      headers: { host: 'status.example.com' },
    });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/json/);
  });

  it('never serves the built status.html (or its compressed copy) without the configuration', async () => {
    for (const host of ['dashboard.test', 'status.example.com']) {
      expect(pageOf((await get('/status.html', host)).body)).not.toBe('?');
      expect((await get('/status.html', host)).body).toContain(RUNTIME_CONFIG_ELEMENT_ID);
      expect((await get('/status.html.gz', host)).statusCode).toBe(404);
    }
  });
});

describe('the status page is revalidated, not downloaded again', () => {
  it('sends an ETag with no-cache and answers 304, with no body, to If-None-Match', async () => {
    const first = await get('/status/acme', 'dashboard.test');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    // Every slug and custom domain gets the same built page: one validator for all.
    expect((await get('/', 'status.example.com')).headers.etag).toBe(etag);

    const again = await server.app.inject({
      method: 'GET',
      url: '/status/other',
      headers: { accept: 'text/html', host: 'dashboard.test', 'if-none-match': `W/"old", ${etag}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('no-cache');

    const stale = await server.app.inject({
      method: 'GET',
      url: '/status/acme',
      headers: { accept: 'text/html', host: 'dashboard.test', 'if-none-match': '"another-build"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(pageOf(stale.body)).toBe('status');
  });
});

describe('the status page may show its logo from an https site', () => {
  const imgSrc = (policy: unknown) => /img-src ([^;]+)/.exec(String(policy))?.[1]?.split(' ');

  it('adds https: to img-src on the status page only', async () => {
    expect(imgSrc((await get('/status/acme', 'dashboard.test')).headers['content-security-policy'])).toContain(
      'https:',
    );
    expect(imgSrc((await get('/', 'status.example.com')).headers['content-security-policy'])).toContain('https:');
    expect(imgSrc((await get('/', 'dashboard.test')).headers['content-security-policy'])).not.toContain('https:');
  });

  it('changes img-src and nothing else', () => {
    const policy = "default-src 'self';img-src 'self' data:;script-src 'self'";
    expect(withHttpsImages(policy)).toBe("default-src 'self';img-src 'self' data: https:;script-src 'self'");
    expect(withHttpsImages(withHttpsImages(policy))).toBe(withHttpsImages(policy));
  });
});
