import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faviconRoutes } from './favicon';

const app = Fastify();
beforeAll(async () => {
  await app.register(faviconRoutes);
  await app.ready();
});
afterAll(() => app.close());

describe('/favicon.ico', () => {
  it('answers with an icon file of 16, 32 and 48 px, cacheable for a day', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/x-icon');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const body = response.rawPayload;
    // ICONDIR: reserved 0, type 1 (icon), then the image count; each entry's first byte is its width.
    expect(body.readUInt16LE(0)).toBe(0);
    expect(body.readUInt16LE(2)).toBe(1);
    expect(body.readUInt16LE(4)).toBe(3);
    expect([0, 1, 2].map((entry) => body.readUInt8(6 + entry * 16))).toEqual([16, 32, 48]);
  });

  it('answers HEAD too, for browsers and proxies that check first', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/favicon.ico' });
    expect(response.statusCode).toBe(200);
  });
});
