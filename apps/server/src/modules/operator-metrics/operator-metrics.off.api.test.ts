import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { bearer } from '../api-tokens/api-tokens.test-support';
import { OPERATOR_METRICS_PATH } from './operator-metrics.routes';

// A file of its own: ingest keeps the partitions it made per process, so a second test server in
// the same file would find its database without them.

describe('GET /metrics without METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('is 404, whatever credential is sent', async () => {
    for (const headers of [{}, bearer('operators-only-0123456789'), bearer('')]) {
      const response = await server.app.inject({ method: 'GET', url: OPERATOR_METRICS_PATH, headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'Not found.' });
    }
  });
});
