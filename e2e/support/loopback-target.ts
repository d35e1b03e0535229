import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from '@playwright/test';

/**
 * An HTTP target on loopback that answers `status` (200 `ok` unless a spec changes it, e.g. to take
 * the target down) to every request, served for the spec file that calls this at its top level
 * (started before its tests, closed after them). `url` is the target's address followed by
 * `pathname`, set once the target listens.
 */
export function loopbackTarget(pathname = ''): { readonly url: string; status: number } {
  const target = { url: '', status: 200 };
  let server: http.Server | undefined;
  test.beforeAll(async () => {
    const started = http.createServer((_request, response) => {
      response.writeHead(target.status, { 'Content-Type': 'text/plain' });
      response.end(target.status === 200 ? 'ok' : 'down');
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
