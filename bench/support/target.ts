import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Target {
  url: string;
  /** Answers requests for this path with `status` from now on (200 at first). */
  answer(path: string, status: number): void;
  stop(): Promise<void>;
}

/** A loopback HTTP target answering 200 with a small body, as cheaply as Node can. */
export async function startTarget(): Promise<Target> {
  const statuses = new Map<string, number>();
  const server = http.createServer((request, response) => {
    response.writeHead(statuses.get(request.url ?? '/') ?? 200, {
      'content-type': 'text/plain',
      'content-length': '2',
    });
    response.end('ok');
  });
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/health`,
    answer: (path, status) => statuses.set(path, status),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
