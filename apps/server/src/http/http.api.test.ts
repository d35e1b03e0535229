import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port';
import { startTestServer, type TestServer } from '../../test/harness';
import { connectDatabase } from '../db/client';
import { AppError } from '../errors';
import { registerErrorHandler } from './error-handler';
import { healthRoutes } from './health';

const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/app.js"></script></body></html>';
const APP_JS = 'console.log("paydar web");';
const SECRET = 'outside-the-web-root';

let server: TestServer;
let tempDir: string;
beforeAll(async () => {
  tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'paydar-web-'));
  const distDir = path.join(tempDir, 'dist');
  await fs.mkdir(path.join(distDir, 'assets'), { recursive: true });
  await fs.writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
  await fs.writeFile(path.join(distDir, 'assets', 'app.js'), APP_JS);
  await fs.writeFile(path.join(tempDir, 'secret.txt'), SECRET);
  server = await startTestServer({
    WEB_DIST_DIR: distDir,
    TELEGRAM_BOT_LINK: 'https://t.me/PaydarTestBot',
    SUPPORT_EMAIL: 'help@paydar.test',
    SUPPORT_PHONE: '+98 21 1234 5678',
    SUPPORT_TELEGRAM: 'https://t.me/PaydarHelp',
  });
});
afterAll(async () => {
  await server.close();
  await fs.rm(tempDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

describe('/healthz', () => {
  it('answers 200 while the database is up', async () => {
    const response = await get('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers 503 when the database does not answer', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    // A pool whose PostgreSQL is not there: nothing listens on the port.
    const down = connectDatabase(`postgres://postgres@127.0.0.1:${await freePort()}/paydar`);
    await app.register(healthRoutes(down.db));
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', database: 'down' });
    await app.close();
    await down.close();
  });
});

describe('/config.json', () => {
  it('gives the browser exactly the allow-listed settings', async () => {
    const response = await get('/config.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toStrictEqual({
      productName: 'Paydar',
      apiBaseUrl: 'http://api.test',
      dashboardUrl: 'http://dashboard.test',
      telegramBotLink: 'https://t.me/PaydarTestBot',
      baleBotLink: 'https://ble.ir/PaydarAlertBot',
      supportEmail: 'help@paydar.test',
      supportPhone: '+98 21 1234 5678',
      supportTelegram: 'https://t.me/PaydarHelp',
      analyticsEndpoint: null,
    });
    for (const secret of [server.config.DATABASE_URL, server.config.SMTP_URL, server.config.DEMO_PASSWORD]) {
      expect(response.body).not.toContain(secret);
    }
  });
});

describe('errors and request ids', () => {
  it('answers an unknown API path with a JSON 404, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nope'],
      ['POST', '/api/v1/users/nope'],
      ['DELETE', '/api/v1/users/logins'],
      ['GET', '/api'],
    ] as const) {
      const response = await server.app.inject({ method, url, headers: { accept: 'text/html' } });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', detail: expect.any(String) });
    }
  });

  it('answers a known path with a method it lacks 405, in JSON, with Allow (not-found.api.test.ts has more)', async () => {
    const response = await server.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/login',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED', detail: expect.any(String) });
  });

  it('gives every response an x-request-id, echoing a well-formed incoming one', async () => {
    const fresh = await get('/healthz');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const another = await get('/healthz');
    expect(another.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);

    expect((await get('/healthz', { 'x-request-id': 'lb-trace-42' })).headers['x-request-id']).toBe('lb-trace-42');
    expect((await get('/api/v1/nope', { 'x-request-id': 'lb-trace-43' })).headers['x-request-id']).toBe('lb-trace-43');
    const refused = await server.app.inject({
      method: 'GET',
      url: '/api/v1/users/profile',
      headers: { 'x-request-id': 'lb-trace-44' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-request-id']).toBe('lb-trace-44');
  });

  it('replaces an incoming request id that could forge log lines or is too long', async () => {
    for (const incoming of ['has spaces', 'line\\nbreak', 'x'.repeat(65), '"quoted"']) {
      const id = (await get('/healthz', { 'x-request-id': incoming })).headers['x-request-id'];
      expect(id, incoming).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('never sends an unexpected exception message to the client, only a stable code', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/boom', async () => {
      throw new Error('password=hunter2 at /srv/app/secret.ts:12');
    });
    app.get('/refused', async () => {
      throw new AppError('RATE_LIMITED', 'Too many attempts.', {}, { 'retry-after': '30' });
    });
    const boom = await app.inject({ method: 'GET', url: '/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ code: 'INTERNAL', detail: 'Something went wrong on our side. Please try again.' });
    const refused = await app.inject({ method: 'GET', url: '/refused' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', detail: 'Too many attempts.' });
    await app.close();
  });
});

describe('API documentation', () => {
  it('serves the Swagger UI at /api/docs', async () => {
    const response = await get('/api/docs');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('swagger-ui');
  });

  it('serves an OpenAPI document of the API at /api/docs/json', async () => {
    const response = await get('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('Paydar API');
    expect(document.paths['/api/v1/users/login'].post).toBeDefined();
    expect(document.paths['/api/v1/users/profile'].put).toBeDefined();
    // Routes hidden from the document stay hidden.
    expect(document.paths['/healthz']).toBeUndefined();
    expect(document.paths['/config.json']).toBeUndefined();
  });
});

describe('the web app', () => {
  it("answers the SPA's routes with index.html", async () => {
    for (const url of ['/', '/login', '/verify_email?token=abc&email=a%40b.co', '/dashboard/monitors/12']) {
      const response = await get(url, { accept: 'text/html' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      // The built page, with the runtime configuration inlined (web-hosting.api.test.ts).
      expect(response.body, url).toContain('<div id="root"></div><script src="/assets/app.js"></script>');
      expect(response.body, url).toContain('<script type="application/json" id="paydar-runtime-config">');
    }
  });

  it('serves built files, cached for good under assets/', async () => {
    const response = await get('/assets/app.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(APP_JS);
  });

  it('answers 404 for a missing file instead of index.html', async () => {
    // (/favicon.ico is no longer missing: the server has its own, favicon.test.ts.)
    for (const url of ['/assets/missing.js', '/missing-icon.png', '/assets/app.js.map']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('<div id="root">');
    }
  });

  it('serves its own /favicon.ico beside the built app', async () => {
    const response = await get('/favicon.ico');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/x-icon');
  });

  it('keeps the JSON 404 for unknown API paths', async () => {
    const response = await get('/api/v1/nope', { accept: 'text/html' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves nothing from outside its directory', async () => {
    for (const url of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    ]) {
      const response = await get(url);
      expect(response.body, url).not.toContain(SECRET);
    }
  });
});
