import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { testEnvironment } from '../../test/config';
import { type BuiltUser, buildUser, setPlan } from '../../test/factories';
import { startFakeHostingConsole } from '../../test/fakes/hosting-console';
import { startFakeKavenegar } from '../../test/fakes/kavenegar';
import { startFakeTelegramBotApi } from '../../test/fakes/telegram-bot-api';
import { startFakeZarinpal } from '../../test/fakes/zarinpal';
import { Fuzzer } from '../../test/fuzz';
import { startTestServer, type TestServer } from '../../test/harness';
import { type FuzzRoute, type Hints, requestFor } from '../../test/route-fuzz';
import { addProber } from '../admin/prober.commands';
import { openSession } from '../modules/accounts/session.service';

/**
 * Every route the app registers, found as Fastify registers it (so a route added anywhere later
 * is fuzzed too, documented or hidden): Fastify itself is wrapped to record each route.
 */
const routes = vi.hoisted(() => [] as FuzzRoute[]);
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const recording = ((options?: object) => {
    const app = actual.default(options as never);
    app.addHook('onRoute', (route) => {
      routes.push({ url: route.url, method: route.method, schema: route.schema });
    });
    return app;
  }) as unknown as typeof actual.default;
  return { ...actual, default: recording, fastify: recording };
});

/** Set FUZZ_SEED to explore other inputs; a failure prints the seed, the route and the request. */
const SEED = testEnvironment.fuzzSeed ?? 0x65_64_67_65;
const REQUESTS_PER_ROUTE = 120;

const ids = { prober: 0, ownMonitor: 0, otherMonitor: 0, ownShare: '', otherShare: '' };

async function createMonitor(app: TestServer['app'], user: BuiltUser): Promise<{ id: number; token: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/monitors/',
    headers: user.headers,
    payload: { protocol_type: 'HTTP', url: 'http://93.184.216.34/', period: 60, apdex: 0.5, probers: [ids.prober] },
  });
  if (response.statusCode !== 201) throw new Error(`monitor not created: ${response.body}`);
  return response.json();
}

// Started before the tests are collected: the routes it registers are the test cases.
const webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'paydar-fuzz-web-'));
await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
// Every outside service a route may call is a loopback fake, so no route answers 503 for want of one.
const zarinpal = await startFakeZarinpal();
const hostingConsole = await startFakeHostingConsole();
const kavenegar = await startFakeKavenegar();
const telegram = await startFakeTelegramBotApi();
const server: TestServer = await startTestServer({
  WEB_DIST_DIR: webDir,
  ZARINPAL_BASE_URL: zarinpal.url,
  ZARINPAL_MERCHANT_ID: zarinpal.merchantId,
  CONSOLE_API_URL: hostingConsole.url,
  CONSOLE_API_KEY: hostingConsole.apiKey,
  KAVENEGAR_BASE_URL: kavenegar.url,
  KAVENEGAR_API_KEY: 'fuzz-kavenegar-key',
  TELEGRAM_API_BASE_URL: telegram.url,
  TELEGRAM_BOT_TOKEN: telegram.token,
});
const owner = await buildUser(server, { staff: true });
const other = await buildUser(server);
await setPlan(server, owner.id, 'Gold');
await setPlan(server, other.id, 'Gold');
hostingConsole.setAccount(owner.email);
const CHANNELS = { emails: [owner.email], phones: ['09121234567'], telegram_usernames: ['@paydar_fuzz'], webhooks: [] };
await server.app.inject({
  method: 'PUT',
  url: '/api/v1/users/profile',
  headers: owner.headers,
  payload: {
    alert_channels: Object.fromEntries(
      Object.entries(CHANNELS).map(([key, values]) => [key, values.map((value) => ({ value }))]),
    ),
  },
});
const proberOutput = await addProber(server.context, 'Fuzz-all-routes', { country: 'DE' });
const proberKey = proberOutput.split('\n')[1] ?? '';
ids.prober = Number(/id (\d+)/.exec(proberOutput)?.[1]);
const own = await createMonitor(server.app, owner);
const others = await createMonitor(server.app, other);
Object.assign(ids, { ownMonitor: own.id, otherMonitor: others.id, ownShare: own.token, otherShare: others.token });
// A version no fuzzed number hits: the long poll answers at once instead of holding the request.
await server.context.db.execute(sql`UPDATE probers SET assignment_version = 987654 WHERE id = ${ids.prober}`);

afterAll(async () => {
  await server.close();
  await Promise.all([zarinpal.stop(), hostingConsole.stop(), kavenegar.stop(), telegram.stop()]);
  await fs.rm(webDir, { recursive: true, force: true });
});

function hints(fuzz: Fuzzer): Hints {
  const monitorId = () => fuzz.pick([ids.ownMonitor, ids.ownMonitor, ids.otherMonitor]);
  return {
    id: { type: 'number', value: monitorId },
    monitor_id: { type: 'number', value: monitorId },
    token: { type: 'string', value: () => fuzz.pick([ids.ownShare, ids.otherShare]) },
    prefix: { type: 'string', value: () => 'symlink' },
    email: { type: 'string', value: () => fuzz.pick([owner.email, `fuzz-${fuzz.int(1e6)}@example.test`]) },
    user_email: { type: 'string', value: () => owner.email },
    value: { type: 'string', value: () => fuzz.pick(Object.values(CHANNELS).flat()) },
    alert: { type: 'array', value: () => [] },
    day: { type: 'string', value: () => new Date().toISOString().slice(0, 10) },
    url: { type: 'string', value: () => 'http://93.184.216.34/' },
    protocol_type: { type: 'string', value: () => 'HTTP' },
    period: { type: 'number', value: () => 60 },
    apdex: { type: 'number', value: () => 0.5 },
    probers: { type: 'array', value: () => [ids.prober] },
    plan_name: { type: 'string', value: () => fuzz.pick(['Silver', 'Gold']) },
    amount: { type: 'number', value: () => 50_000 },
    version: { type: 'number', value: () => 0 },
    wait: { type: 'number', value: () => 0 },
    time: { type: 'string', value: () => new Date(Date.now() - fuzz.int(3_600_000)).toISOString() },
    from_time: { type: 'string', value: () => new Date(Date.now() - 3_600_000).toISOString() },
    to_time: { type: 'string', value: () => new Date().toISOString() },
  };
}

/**
 * Answers a request as app.inject does. An event stream (modules/live) never ends by itself: its
 * answer is read as a stream, and an open one is closed once its status is known.
 */
async function inject(
  options: InjectOptions,
): Promise<{ statusCode: number; body: string; json: () => Record<string, unknown> }> {
  if (!String(options.url).startsWith('/api/v1/live/')) return server.app.inject(options);
  const response = await server.app.inject({ ...options, payloadAsStream: true });
  const stream = response.stream();
  if (response.statusCode === 200) {
    stream.destroy();
    return { statusCode: 200, body: '', json: () => ({}) };
  }
  let body = '';
  for await (const chunk of stream) body += String(chunk);
  return { statusCode: response.statusCode, body, json: () => JSON.parse(body) };
}

/** A refusal says why in the API's error shape, whatever refused it (a schema, a service, Fastify). */
function explainsItself(response: { json: () => Record<string, unknown> }): boolean {
  try {
    const body = response.json();
    return typeof body.detail === 'string' && typeof body.code === 'string';
  } catch {
    return false;
  }
}

/** The OpenAPI document the server serves: the statuses each operation declares are checked against what it answers. */
const documented = server.app.swagger() as { paths: Record<string, Record<string, { responses?: object }>> };

/** The statuses the OpenAPI document lists for a route, or null for a route it leaves out (hidden, catch-all). */
function declaredStatuses(route: FuzzRoute, method: string): Set<number> | null {
  const path = route.url.replace(/:(\w+)/g, '{$1}');
  const responses = documented.paths[path]?.[method.toLowerCase()]?.responses;
  return responses ? new Set(Object.keys(responses).map(Number)) : null;
}

const targets = routes.flatMap((route) =>
  ([] as string[])
    .concat(route.method)
    .filter((method) => method !== 'HEAD')
    .map((method) => ({ name: `${method} ${route.url}`, route, method })),
);

describe('every route under hostile input', () => {
  it('finds the routes it fuzzes', () => {
    expect(targets.map((target) => target.name)).toEqual(
      expect.arrayContaining(['POST /api/v1/monitors/', 'GET /api/v1/monitors/:token/share_info', 'GET /*']),
    );
  });

  let ownerKey = owner.key;
  /** Agent routes as the prober, the rest as a signed-in user (a new session when the fuzz ended one). */
  const authorization = (url: string) => (url.startsWith('/api/agent/') ? `Prober ${proberKey}` : `Token ${ownerKey}`);

  it.each(targets)('$name never answers 5xx and explains its refusals', async ({ name, route, method }) => {
    const seed = SEED + targets.findIndex((target) => target.name === name);
    const fuzz = new Fuzzer(seed);
    const failures: string[] = [];
    for (let count = 0; count < REQUESTS_PER_ROUTE; count += 1) {
      const request = requestFor(route, method, hints(fuzz), fuzz);
      const hasBody = request.body !== undefined;
      const response = await inject({
        method: request.method as 'GET',
        url: request.url,
        headers: {
          ...request.headers,
          authorization: authorization(request.url),
          ...(hasBody ? { 'content-type': 'application/json' } : {}),
        },
        ...(hasBody ? { payload: JSON.stringify(request.body) ?? 'null' } : {}),
      });
      const declared = declaredStatuses(route, method);
      const problem =
        response.statusCode >= 500
          ? `${response.statusCode} ${response.body.slice(0, 200)}`
          : response.statusCode >= 400 && !explainsItself(response)
            ? `${response.statusCode} without {detail, code}: ${response.body.slice(0, 200)}`
            : declared && !declared.has(response.statusCode)
              ? `${response.statusCode}, which the route does not declare (OpenAPI lists ${[...declared].join(', ')})`
              : undefined;
      if (problem) failures.push(`request ${count}: ${problem}\n  ${JSON.stringify(request).slice(0, 400)}`);
      if (response.statusCode === 401 && !request.url.startsWith('/api/agent/')) {
        ownerKey = await openSession(server.context.db, owner.id);
      }
    }
    expect(failures, `seed ${seed}: ${failures.length} of ${REQUESTS_PER_ROUTE} requests failed`).toEqual([]);
  });
});
