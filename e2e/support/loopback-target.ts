import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from '@playwright/test';

/**
 * An HTTP target on loopback that answers 200 `ok` to every request, served for the spec file that
 * calls this at its top level (started before its tests, closed after them). `url` is the target's
 * address followed by `pathname`, set once the target listens.
 */
export function loopbackTarget(pathname = ''): { readonly url: string } {
  const target = { url: '' };
  let server: http.Server | undefined;
  test.beforeAll(async () => {
    const started = http.createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      response.end('ok');
    });
    server = started;
    await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
    target.url = `http://127.0.0.1:${(started.address() as AddressInfo).port}${pathname}`;
  });
  test.afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
  return target;
}
