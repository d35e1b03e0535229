import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

// Security headers on every kind of response: API JSON, the web app, the share pages, the docs.
let server: TestServer;
let tempDir: string;
beforeAll(async () => {
  tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'paydar-headers-'));
  await fs.writeFile(path.join(tempDir, 'index.html'), '<!doctype html><div id="root"></div>');
  server = await startTestServer({ WEB_DIST_DIR: tempDir, ANALYTICS_ENDPOINT: 'https://collect.example.test/e' });
});
afterAll(async () => {
  await server.close();
  await fs.rm(tempDir, { recursive: true, force: true });
});

const get = (target: TestServer, url: string) =>
  target.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/json' } });

/** The CSP as directive → value. */
function policyOf(header: unknown): Record<string, string> {
  const entries = String(header)
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [name = '', ...values] = part.split(/\s+/);
      return [name, values.join(' ')] as const;
    });
  return Object.fromEntries(entries);
}

describe('on every response', () => {
  it.each([
    ['the API', '/api/v1/users/profile'],
    ['an unknown API path', '/api/v1/nothing-here'],
    ['the web app', '/'],
    ['a page of the web app', '/settings'],
    ['the runtime configuration', '/config.json'],
    ['the API docs', '/api/docs/static/index.html'],
  ])('%s: a strict CSP, nosniff, no referrer, no framing, no HSTS over http', async (_name, url) => {
    const response = await get(server, url);
    const policy = policyOf(response.headers['content-security-policy']);
    expect(policy['script-src']).toBe("'self'");
    expect(policy['default-src']).toBe("'self'");
    expect(policy['object-src']).toBe("'none'");
    expect(policy['frame-ancestors']).toBe("'none'");
    expect(policy['connect-src']).toBe("'self' http://api.test https://collect.example.test");
    expect(policy['img-src']).toBe("'self' data:");
    expect(policy).not.toHaveProperty('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers).not.toHaveProperty('strict-transport-security');
  });
});

describe('the public share pages', () => {
  it.each([
    '/symlink/abcdefghijklmnopqrstuvwxyz0123456789',
    '/symlink/abcdefghijklmnopqrstuvwxyz0123456789/?day=today',
    '/custom_symlink/acme/abcdefghijklmnopqrstuvwxyz0123456789extra',
  ])('%s may be framed by any site, and keep the rest of the policy', async (url) => {
    const response = await get(server, url);
    expect(response.statusCode).toBe(200);
    const policy = policyOf(response.headers['content-security-policy']);
    expect(policy['frame-ancestors']).toBe('*');
    expect(policy['script-src']).toBe("'self'");
    expect(response.headers).not.toHaveProperty('x-frame-options');
  });

  it('the API a share page reads is not framable itself, nor a look-alike path', async () => {
    for (const url of ['/api/v1/symlink/abc', '/symlink', '/symlink/a/b', '/custom_symlink/acme']) {
      expect(policyOf((await get(server, url)).headers['content-security-policy'])['frame-ancestors']).toBe("'none'");
    }
  });
});

describe('behind https', () => {
  it('adds HSTS and upgrade-insecure-requests when PUBLIC_URL is https', async () => {
    const secure = await startTestServer({ PUBLIC_URL: 'https://paydar.example.test' });
    try {
      const response = await get(secure, '/api/v1/users/profile');
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
      const policy = policyOf(response.headers['content-security-policy']);
      expect(policy).toHaveProperty('upgrade-insecure-requests');
      expect(policy['connect-src']).toBe("'self' https://paydar.example.test");
    } finally {
      await secure.close();
    }
  });
});
