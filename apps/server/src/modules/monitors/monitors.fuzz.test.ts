import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { Fuzzer } from '../../../test/fuzz';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addProber } from '../../admin/prober.commands';

/** Change to explore other inputs; a failure names the seed and the request. */
const SEED = 0x6d6f_6e69;
const REQUESTS_PER_CALL = 500;

let server: TestServer;
let user: BuiltUser;
let monitorId: number;
let proberKey: string;
let proberId: number;

beforeAll(async () => {
  server = await startTestServer();
  user = await buildUser(server);
  await setPlan(server, user.id, 'Gold');
  const output = await addProber(server.context, 'Fuzz-agent', { country: 'DE' });
  proberKey = output.split('\n')[1] ?? '';
  proberId = Number(/id (\d+)/.exec(output)?.[1]);
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/v1/monitors/',
    headers: user.headers,
    payload: { protocol_type: 'HTTP', url: 'http://93.184.216.34/', period: 60, apdex: 0.5, probers: [proberId] },
  });
  monitorId = created.json().id;
});
afterAll(() => server.close());

const monitorFields = (fuzz: Fuzzer): Record<string, () => unknown> => ({
  protocol_type: () => fuzz.pick(['HTTP', 'ICMP', 'TCP', 'DNS', 'http', 'SMTP']),
  url: () =>
    fuzz.pick(['93.184.216.34', 'http://93.184.216.34:8080/x?y=1', 'ftp://x', 'http://10.0.0.1/', fuzz.string()]),
  host: () => fuzz.pick(['93.184.216.34', '93.184.216.34:70000', '[::1]:22', 'a..b', fuzz.string()]),
  alias: () => fuzz.string(),
  period: () => fuzz.pick([5, 15, 60, 300, 42, -1, 1e308, '60']),
  apdex: () => fuzz.pick([0.125, 0.5, 2, 3, 0, '0.5']),
  http_method: () => fuzz.pick(['GET', 'POST', 'PATCH', 'get']),
  http_headers: () => [{ key: fuzz.string(), value: fuzz.string() }, fuzz.jsonValue(1)],
  http_body: () => fuzz.string(),
  probers: () => fuzz.pick([[proberId], [proberId, proberId], [999_999], [], [{ id: proberId }], [fuzz.jsonValue(1)]]),
  alert: () => [{ type: fuzz.pick(['emails', 'phones', 'fax']), value: fuzz.string() }],
  labels: () => [fuzz.string(), fuzz.string()],
  is_enabled: () => fuzz.pick([true, false, 'yes']),
  dns_query_name: () => fuzz.string(),
  dns_query_type: () => fuzz.pick(['A', 'MX', 'ANAME', 'XYZ']),
});

const resultFields = (fuzz: Fuzzer) => ({
  monitor_id: () => fuzz.pick([monitorId, monitorId + 1, -1, '1', 2 ** 40]),
  time: () =>
    fuzz.pick([
      new Date(Date.now() - fuzz.int(86_400_000)).toISOString(),
      '2020-01-01T00:00:00Z',
      'yesterday',
      fuzz.string(),
    ]),
  success: () => fuzz.pick([true, false, 1]),
  status_code: () => fuzz.pick([200, 503, null, 70_000, -1]),
  error: () => fuzz.pick([null, fuzz.string()]),
  phases: () =>
    fuzz.chance(0.7)
      ? {
          resolve: 1,
          connect: null,
          tls: null,
          response: fuzz.pick([5, -5, 1e300]),
          duration: fuzz.pick([10, 0, -1, 1e300]),
        }
      : fuzz.jsonValue(2),
  extra_info: () => (fuzz.chance(0.5) ? { note: fuzz.string() } : fuzz.jsonValue(2)),
});

/** Query text a client can send: lone surrogates cannot be percent-encoded. */
const urlSafe = (text: string) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '?'));

async function expectNoServerError(
  label: string,
  request: () => Promise<{ statusCode: number; body: string; json: () => Record<string, unknown> }>,
) {
  const response = await request();
  expect(response.statusCode, `${label}\n${response.body.slice(0, 500)}`).toBeLessThan(500);
  if (response.statusCode >= 400) {
    const body = response.json();
    expect(typeof body.detail, label).toBe('string');
    expect(typeof body.code, label).toBe('string');
  }
}

describe('monitor and agent calls under random input', () => {
  it.each([
    ['POST /api/v1/monitors/', 0],
    ['PUT /api/v1/monitors/{id}/', 1],
    ['POST /api/agent/v1/results', 2],
    ['GET /api/v1/monitors/{id}/metric', 3],
  ] as const)(
    '%s never answers 5xx and always explains its refusals',
    async (name, index) => {
      const fuzz = new Fuzzer(SEED + index);
      for (let count = 0; count < REQUESTS_PER_CALL; count += 1) {
        const label = `seed ${SEED + index}, request ${count} of ${name}`;
        if (index === 0 || index === 1) {
          const payload = JSON.stringify(fuzz.chance(0.1) ? fuzz.jsonValue(2) : fuzz.shapedBody(monitorFields(fuzz)));
          await expectNoServerError(label, () =>
            server.app.inject({
              method: index === 0 ? 'POST' : 'PUT',
              url:
                index === 0
                  ? '/api/v1/monitors/'
                  : `/api/v1/monitors/${fuzz.pick([monitorId, monitorId, 0, -1, 'x', 2 ** 40])}/`,
              headers: { ...user.headers, 'content-type': 'application/json' },
              payload: payload ?? 'null',
            }),
          );
        } else if (index === 2) {
          const results = Array.from({ length: fuzz.int(5) }, () => fuzz.shapedBody(resultFields(fuzz)));
          const payload = JSON.stringify(fuzz.chance(0.1) ? fuzz.jsonValue(2) : { results });
          await expectNoServerError(label, () =>
            server.app.inject({
              method: 'POST',
              url: '/api/agent/v1/results',
              headers: { authorization: `Prober ${proberKey}`, 'content-type': 'application/json' },
              payload: payload ?? 'null',
            }),
          );
        } else {
          const query = fuzz.pick([
            `day=${fuzz.pick(['2026-1-1', '2026-13-40', 'x', '1900-01-01', '2999-01-01'])}`,
            `cache=${urlSafe(fuzz.string().slice(0, 20))}`,
            `months=${fuzz.pick([0, 1, 6, 7, -1, 'x'])}`,
            `from_time=${urlSafe(fuzz.string().slice(0, 30))}`,
          ]);
          const path = fuzz.chance(0.3) ? `metric/raw` : 'metric';
          await expectNoServerError(label, () =>
            server.app.inject({
              method: 'GET',
              url: `/api/v1/monitors/${fuzz.pick([monitorId, monitorId, 'x', 0])}/${path}?${query}`,
              headers: user.headers,
            }),
          );
        }
      }
    },
    120_000,
  );
});
