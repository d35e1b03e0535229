import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { monitors } from '../db/schema/index';

const APP_JS = `console.log(${JSON.stringify('paydar web '.repeat(200))});`;
/** Different from what compressing APP_JS gives, to tell the file built beside it from a compression at request time. */
const APP_JS_BR = Buffer.from('precompressed brotli');
const APP_JS_GZ = Buffer.from('precompressed gzip');

let server: TestServer;
let user: BuiltUser;
let tempDir: string;
beforeAll(async () => {
  tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'paydar-web-'));
  const distDir = path.join(tempDir, 'dist');
  await fs.mkdir(path.join(distDir, 'assets'), { recursive: true });
  await fs.writeFile(path.join(distDir, 'index.html'), '<!doctype html><html><body></body></html>');
  await fs.writeFile(path.join(distDir, 'assets', 'app.js'), APP_JS);
  await fs.writeFile(path.join(distDir, 'assets', 'app.js.br'), APP_JS_BR);
  await fs.writeFile(path.join(distDir, 'assets', 'app.js.gz'), APP_JS_GZ);
  server = await startTestServer({ WEB_DIST_DIR: distDir });
  user = await buildUser(server);
  await server.context.db.insert(monitors).values(
    Array.from({ length: 20 }, (_, i) => ({
      userId: user.id,
      protocolType: 'HTTP' as const,
      url: `https://site-${i}.example.com/health`,
      periodSeconds: 60,
      apdexMs: 500,
      token: `compress-${i}`.padEnd(36, 'x'),
    })),
  );
});
afterAll(async () => {
  await server.close();
  await fs.rm(tempDir, { recursive: true, force: true });
});

const list = (acceptEncoding?: string) =>
  server.app.inject({
    method: 'GET',
    url: '/api/v1/monitors/',
    headers: { ...user.headers, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
  });

describe('JSON answers are compressed as the client accepts', () => {
  it('brotli first, gzip next, nothing when the client accepts neither', async () => {
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const expected = plain.json();
    expect(expected.count).toBe(20);

    const br = await list('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(expected);

    const gzip = await list('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(expected);

    const identity = await list('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toEqual(expected);
  });

  it('keeps the security headers on a compressed answer', async () => {
    const br = await list('br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('web assets', () => {
  const asset = (acceptEncoding?: string) =>
    server.app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('are served from the files precompressed at build', async () => {
    const br = await asset('br, gzip');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload).toEqual(APP_JS_BR);
    expect(String(br.headers['content-type'])).toContain('javascript');

    const gzip = await asset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload).toEqual(APP_JS_GZ);

    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });
});
