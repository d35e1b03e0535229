import { loginBody, registerBody, resetPasswordBody } from '@paydar/contracts/accounts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type BuiltUser, buildUser } from '../../../test/factories';
import { Fuzzer } from '../../../test/fuzz';
import { startTestServer, type TestServer } from '../../../test/harness';
import { openSession } from './session.service';

/** Change to explore other inputs; a failure message names the seed and the request that failed. */
const SEED = 0x5eed_c0de;
const BODIES_PER_CALL = 1000;
/** Bodies that pass the schema of register, login and reset_password reach argon2 (tens of ms each). */
const ARGON2_BUDGET_PER_CALL = 40;
const IN_FLIGHT = 6;

let server: TestServer;
let user: BuiltUser;
let staff: BuiltUser;
/** Never changed by the fuzzing, so the staff call has a real email to find. */
let target: BuiltUser;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS_ENABLED: 'false' });
  user = await buildUser(server);
  staff = await buildUser(server, { staff: true });
  target = await buildUser(server);
  console.info(`accounts fuzz seed: ${SEED} (call n uses SEED + n)`);
});
afterAll(() => server.close());

type Auth = 'none' | 'user' | 'staff' | 'fresh-session';

interface FuzzedCall {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  /** The call's own fields and a generator of plausible values for each. */
  fields: Record<string, (fuzz: Fuzzer) => unknown>;
  /** A body the schema accepts but with hostile text in its free-text fields: these reach the services and the database. */
  validBody?: (fuzz: Fuzzer) => Record<string, unknown>;
  /** Bodies this schema accepts cost an argon2 hash. */
  slowWhenValid?: z.ZodType;
  auth: Auth;
  bodyless?: boolean;
}

const token = (fuzz: Fuzzer) =>
  fuzz.chance(0.5) ? fuzz.string() : Buffer.from(String(fuzz.random())).toString('base64url');
const email = (fuzz: Fuzzer) =>
  fuzz.chance(0.4)
    ? fuzz.validCredentials().email
    : fuzz.chance(0.2)
      ? fuzz.pick([target.email, server.config.DEMO_EMAIL])
      : fuzz.email();
/** Valid emails the schema accepts, some of them existing users' and the demo's, in odd casing and spacing. */
const validEmail = (fuzz: Fuzzer) => {
  const address = fuzz.pick([fuzz.validCredentials().email, target.email, server.config.DEMO_EMAIL, staff.email]);
  return fuzz.pick([address, address.toUpperCase(), ` ${address}\t`]);
};
/** Free text: unicode, NUL, lone surrogates, long strings; the schemas allow 1 to 200 characters. */
const freeText = (fuzz: Fuzzer, max: number) => fuzz.string().slice(0, max) || fuzz.pick(['\u0000', '\ud800', 'é']);
const hostilePassword = (fuzz: Fuzzer) => `${freeText(fuzz, 100)}${fuzz.validCredentials().password}`;
const password = (fuzz: Fuzzer) => (fuzz.chance(0.5) ? fuzz.validCredentials().password : fuzz.string());
const channelList = (fuzz: Fuzzer) =>
  Array.from({ length: fuzz.int(4) }, () =>
    fuzz.chance(0.7)
      ? { value: fuzz.chance(0.5) ? fuzz.email() : fuzz.string(), is_verified: fuzz.chance(0.5) }
      : fuzz.jsonValue(1),
  );
const validChannels = (fuzz: Fuzzer) => {
  const list = () =>
    Array.from({ length: fuzz.int(3) }, () => ({ value: freeText(fuzz, 300), is_verified: fuzz.chance(0.5) }));
  return { emails: list(), phones: list(), telegram_usernames: list(), webhooks: list() };
};
const alertChannels = (fuzz: Fuzzer) => {
  const list = () => channelList(fuzz);
  return fuzz.shapedBody({ emails: list, phones: list, telegram_usernames: list, webhooks: list });
};

const calls: FuzzedCall[] = [
  {
    method: 'POST',
    url: '/api/v1/users/register',
    fields: { email, password },
    validBody: (fuzz) => ({ email: validEmail(fuzz), password: hostilePassword(fuzz) }),
    slowWhenValid: registerBody,
    auth: 'none',
  },
  {
    method: 'POST',
    url: '/api/v1/users/login',
    fields: { email, password },
    validBody: (fuzz) => ({ email: validEmail(fuzz), password: freeText(fuzz, 128) }),
    slowWhenValid: loginBody,
    auth: 'none',
  },
  {
    method: 'POST',
    url: '/api/v1/users/verify_email',
    fields: { email, token },
    validBody: (fuzz) => ({ email: validEmail(fuzz), token: freeText(fuzz, 200) }),
    auth: 'none',
  },
  {
    method: 'POST',
    url: '/api/v1/users/send_verification_token',
    fields: { email },
    validBody: (fuzz) => ({ email: validEmail(fuzz) }),
    auth: 'none',
  },
  {
    method: 'POST',
    url: '/api/v1/users/send_forget_password_email',
    fields: { email },
    validBody: (fuzz) => ({ email: validEmail(fuzz) }),
    auth: 'none',
  },
  {
    method: 'POST',
    url: '/api/v1/users/reset_password',
    fields: { email, token, password },
    validBody: (fuzz) => ({ email: validEmail(fuzz), token: freeText(fuzz, 200), password: hostilePassword(fuzz) }),
    slowWhenValid: resetPasswordBody,
    auth: 'none',
  },
  {
    method: 'PUT',
    url: '/api/v1/users/profile',
    fields: { id: (fuzz) => (fuzz.chance(0.7) ? user.id : fuzz.jsonValue(0)), email, alert_channels: alertChannels },
    validBody: (fuzz) => ({
      ...(fuzz.chance(0.5) ? { id: user.id } : {}),
      ...(fuzz.chance(0.3) ? { email: validEmail(fuzz) } : {}),
      alert_channels: validChannels(fuzz),
    }),
    auth: 'user',
  },
  {
    method: 'POST',
    url: '/api/v1/users/impersonate',
    fields: { token },
    validBody: (fuzz) => ({ token: freeText(fuzz, 200) }),
    auth: 'none',
  },
  {
    method: 'POST',
    url: '/api/v1/staff/impersonation_tokens',
    fields: { email },
    validBody: (fuzz) => ({ email: validEmail(fuzz) }),
    auth: 'staff',
  },
  { method: 'GET', url: '/api/v1/users/profile', fields: {}, auth: 'user', bodyless: true },
  { method: 'GET', url: '/api/v1/users/login_as_demo', fields: {}, auth: 'none', bodyless: true },
  { method: 'POST', url: '/api/v1/users/logout', fields: {}, auth: 'fresh-session' },
];

/** Header values limited to what an HTTP client can send at all. */
const headerSafe = (value: string) => value.replace(/[^\x20-\x7e]/g, '?');

function randomHeaders(fuzz: Fuzzer, key: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  const authorization = fuzz.pick([
    key ? `Token ${key}` : undefined,
    key ? `Token ${key}` : undefined,
    key ? `token   ${key}` : undefined,
    key ? `Bearer ${key}` : undefined,
    key ? `Token ${key}x` : undefined,
    `Token ${headerSafe(fuzz.string())}`,
    `Token ${'k'.repeat(201)}`,
    'Token',
    headerSafe(fuzz.string()),
    undefined,
  ]);
  if (authorization !== undefined) headers.authorization = authorization;
  if (fuzz.chance(0.3)) headers['x-request-id'] = headerSafe(fuzz.string()).slice(0, 100);
  if (fuzz.chance(0.2)) headers.accept = fuzz.pick(['*/*', 'text/html', 'application/xml', headerSafe(fuzz.string())]);
  if (fuzz.chance(0.1)) headers['x-forwarded-for'] = headerSafe(fuzz.string()).slice(0, 60);
  return headers;
}

function passesSchema(schema: z.ZodType | undefined, payload: string): boolean {
  if (!schema) return false;
  try {
    return schema.safeParse(JSON.parse(payload)).success;
  } catch {
    return false;
  }
}

/** One random request for a call: a JSON value, a body shaped like the call's, or raw text said to be JSON. */
function randomPayload(fuzz: Fuzzer, call: FuzzedCall): { payload?: string; contentType?: string } {
  if (call.bodyless && fuzz.chance(0.8)) return {};
  const fields = Object.fromEntries(Object.entries(call.fields).map(([name, valid]) => [name, () => valid(fuzz)]));
  const kind = fuzz.int(20);
  if (kind === 0)
    return { payload: JSON.stringify({ email: 'x'.repeat(1024 * 1024) }), contentType: 'application/json' };
  if (call.validBody && kind < 6)
    return { payload: JSON.stringify(call.validBody(fuzz)), contentType: 'application/json' };
  if (kind === 1)
    return {
      payload: headerSafe(fuzz.string()),
      contentType: fuzz.pick([
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'bogus',
        'application/json; charset=latin1',
      ]),
    };
  if (kind < 8) return { payload: JSON.stringify(fuzz.jsonValue(3)) ?? 'null', contentType: 'application/json' };
  if (kind < 12) return { payload: fuzz.rawJsonText(fields), contentType: 'application/json' };
  return { payload: JSON.stringify(fuzz.shapedBody(fields)), contentType: 'application/json' };
}

interface Case {
  index: number;
  call: FuzzedCall;
  options: InjectOptions;
  description: string;
}

async function generateCases(fuzz: Fuzzer, call: FuzzedCall): Promise<Case[]> {
  const cases: Case[] = [];
  let argon2Budget = ARGON2_BUDGET_PER_CALL;
  for (let index = 0; index < BODIES_PER_CALL; index += 1) {
    let body = randomPayload(fuzz, call);
    while (call.slowWhenValid && body.payload !== undefined && passesSchema(call.slowWhenValid, body.payload)) {
      if (argon2Budget > 0) {
        argon2Budget -= 1;
        break;
      }
      body = randomPayload(fuzz, call);
    }
    const key =
      call.auth === 'user'
        ? fuzz.chance(0.1)
          ? undefined
          : user.key
        : call.auth === 'staff'
          ? fuzz.chance(0.1)
            ? user.key
            : staff.key
          : call.auth === 'fresh-session' && fuzz.chance(0.5)
            ? await openSession(server.context.db, user.id)
            : undefined;
    const headers = call.auth === 'none' && fuzz.chance(0.7) ? {} : randomHeaders(fuzz, key);
    if (call.auth !== 'none' && key && fuzz.chance(0.6)) headers.authorization = `Token ${key}`;
    if (body.contentType) headers['content-type'] = body.contentType;
    const options: InjectOptions = { method: call.method, url: call.url, headers, payload: body.payload };
    const shownPayload = body.payload === undefined ? '(none)' : JSON.stringify(body.payload.slice(0, 300));
    cases.push({
      index,
      call,
      options,
      description: `${call.method} ${call.url} #${index} headers=${JSON.stringify(headers)} body=${shownPayload}`,
    });
  }
  return cases;
}

/** Runs the cases a few at a time and returns what went wrong with each bad answer. */
async function send(cases: Case[]): Promise<string[]> {
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const item = cases[next++] as Case;
      const response = await server.app.inject(item.options);
      const problem = judge(response.statusCode, response.headers['content-type'], response.body);
      if (problem)
        problems.push(
          `${problem}\n    ${item.description}\n    answered ${response.statusCode} ${response.body.slice(0, 300)}`,
        );
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return problems;
}

function judge(status: number, contentType: string | number | string[] | undefined, body: string): string | undefined {
  if (status >= 500) return `server error ${status}`;
  if (status < 400) return undefined;
  if (!String(contentType).startsWith('application/json')) return `error answered as ${String(contentType)}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'error body is not JSON';
  }
  const { detail, code } = (parsed ?? {}) as { detail?: unknown; code?: unknown };
  if (typeof detail !== 'string' || detail === '') return 'error body has no string `detail`';
  if (typeof code !== 'string' || code === '') return 'error body has no string `code`';
  return undefined;
}

describe(`fuzzing every accounts call with ${BODIES_PER_CALL} random bodies (seed ${SEED})`, () => {
  const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();

  for (const [position, call] of calls.entries()) {
    it(`${call.method} ${call.url} never answers 5xx and always explains its refusals`, async () => {
      // One generator per call, so a failing call reproduces on its own with the same seed.
      const fuzz = new Fuzzer(SEED + position);
      const cases = await generateCases(fuzz, call);
      const problems = await send(cases);
      if (problems.length)
        console.error(
          `fuzz seed ${SEED}+${position}: ${problems.length} bad answers\n${problems.slice(0, 5).join('\n')}`,
        );
      expect(problems.slice(0, 5), `seed ${SEED}+${position}`).toEqual([]);
    });
  }

  it('left Object.prototype as it was after all the __proto__ and constructor keys', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('still serves the fuzzed user', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers: staff.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(staff.id);
  });
});
