import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { buildApp } from './app';
import { createLogger, redactUrl } from './logging';

/** What a secret looks like in these tests: it must appear in no log line. */
const SECRET = 'hunter2-secret-value';

let server: TestServer;
let app: FastifyInstance;
const lines: Array<Record<string, unknown>> = [];
const logText = () => lines.map((line) => JSON.stringify(line)).join('\n');

beforeAll(async () => {
  server = await startTestServer();
  // The real logger, as main.ts makes it, writing to memory instead of stdout.
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp({
    context: server.context,
    logger: createLogger({ ...server.config, LOG_LEVEL: 'info' }, destination),
  });
  // A query that PostgreSQL refuses, with the secret as its parameter: a saved header value, say.
  app.get('/test/failing-query', async () => server.context.db.execute(sql`SELECT ${SECRET}::integer`));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await server?.close();
});
beforeEach(() => {
  lines.length = 0;
});

describe('log lines', () => {
  it("keep a request's query names but not their values (the web signs in with ?auth=<session key>)", async () => {
    const response = await app.inject({ method: 'GET', url: `/?auth=${SECRET}&next=%2Fdashboard` });
    expect(response.statusCode).toBe(404);
    const incoming = lines.find((line) => line.msg === 'incoming request');
    expect((incoming?.req as { url?: string } | undefined)?.url).toBe('/?auth=[redacted]&next=[redacted]');
    expect(logText()).not.toContain(SECRET);
  });

  it('redact the token of a link on a 404 and an API call', async () => {
    await app.inject({ method: 'GET', url: `/api/v1/nope?token=${SECRET}` });
    await app.inject({ method: 'GET', url: `/api/v1/users/zarinpal/callback?Authority=${SECRET}&Status=OK` });
    expect(lines.length).toBeGreaterThan(2);
    expect(logText()).not.toContain(SECRET);
  });

  it('keep harmless paging and metric parameters readable', () => {
    expect(redactUrl('/api/v1/notification_history/?limit=10&offset=20&key=abc')).toBe(
      '/api/v1/notification_history/?limit=10&offset=20&key=[redacted]',
    );
    expect(redactUrl('/plain/path')).toBe('/plain/path');
  });

  it("of a 500 name the failing query but never its parameters nor PostgreSQL's quote of them", async () => {
    const response = await app.inject({ method: 'GET', url: `/test/failing-query?code=${SECRET}` });
    expect(response.statusCode).toBe(500);
    const failed = lines.find((line) => line.msg === 'request failed');
    const err = failed?.err as { message?: string; query?: string; cause?: { code?: string } } | undefined;
    expect(err?.query).toBe('SELECT $1::integer');
    expect(err?.cause?.code).toBe('22P02');
    expect(logText()).not.toContain(SECRET);
  });
});
