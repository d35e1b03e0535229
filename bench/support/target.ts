import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback HTTP target answering 200 with a small body, as cheaply as Node can. */
export async function startTarget(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' });
    response.end('ok');
  });
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/health`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
