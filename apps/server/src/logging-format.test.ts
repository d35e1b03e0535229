import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { buildApp } from './app';
import { createLogger, logFormat } from './logging';

const SECRET = 'hunter2-secret-value';

/** A destination that keeps what the logger writes, as text. */
function memory() {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

describe('the log format', () => {
  it.each([
    { configured: undefined, terminal: true, format: 'pretty' },
    { configured: undefined, terminal: false, format: 'json' },
    { configured: 'json', terminal: true, format: 'json' },
    { configured: 'pretty', terminal: false, format: 'pretty' },
  ] as const)(
    'is $format with LOG_FORMAT=$configured and a terminal: $terminal',
    ({ configured, terminal, format }) => {
      expect(logFormat(configured, terminal)).toBe(format);
    },
  );

  it('is one JSON object a line when not forced (a destination is no terminal)', () => {
    const output = memory();
    createLogger({ LOG_LEVEL: 'info', LOG_FORMAT: undefined }, output.stream).info({ monitor: 7 }, 'checked');
    const line = JSON.parse(output.text().trim());
    expect(line).toMatchObject({ msg: 'checked', monitor: 7, level: 30 });
  });
});

describe('pretty lines', () => {
  let server: TestServer;
  let app: FastifyInstance;
  const output = memory();

  beforeAll(async () => {
    server = await startTestServer();
    app = await buildApp({
      context: server.context,
      logger: createLogger({ LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' }, output.stream),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  it('are for a person, not JSON, and redact query values and secrets as the JSON lines do', async () => {
    await app.inject({ method: 'GET', url: `/?auth=${SECRET}&limit=10` });
    app.log.info({ password: SECRET, nested: { token: SECRET } }, 'a line with credentials');
    await expect.poll(output.text).toContain('a line with credentials');
    const text = output.text();
    expect(text).toContain('INFO');
    expect(text).toContain('/?auth=[redacted]&limit=10');
    expect(text).not.toContain(SECRET);
    const first = text.split('\n')[0] ?? '';
    expect(() => JSON.parse(first)).toThrow();
  });
});
