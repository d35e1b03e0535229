import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, uniqueEmail } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';

let server: TestServer;
let user: BuiltUser;
let staff: BuiltUser;
beforeAll(async () => {
  server = await startTestServer();
  user = await buildUser(server);
  staff = await buildUser(server, { staff: true });
});
afterAll(() => server.close());

interface Call {
  method: 'POST' | 'PUT';
  url: string;
  /** A body the schema accepts; each check breaks one thing in it. */
  valid: () => Record<string, unknown>;
  /** Each field with a value of the wrong type. */
  wrongTypes: Record<string, unknown>;
  required: string[];
  caller?: () => BuiltUser;
}

const calls: Call[] = [
  {
    method: 'POST',
    url: '/api/v1/users/register',
    valid: () => ({ email: uniqueEmail(), password: 'long enough password' }),
    wrongTypes: { email: 123, password: ['a', 'list'] },
    required: ['email', 'password'],
  },
  {
    method: 'POST',
    url: '/api/v1/users/login',
    valid: () => ({ email: uniqueEmail(), password: 'whatever' }),
    wrongTypes: { email: 123, password: { nested: true } },
    required: ['email', 'password'],
  },
  {
    method: 'POST',
    url: '/api/v1/users/verify_email',
    valid: () => ({ email: uniqueEmail(), token: 'some-token' }),
    wrongTypes: { email: 123, token: 42 },
    required: ['email', 'token'],
  },
  {
    method: 'POST',
    url: '/api/v1/users/send_verification_token',
    valid: () => ({ email: uniqueEmail() }),
    wrongTypes: { email: 123 },
    required: ['email'],
  },
  {
    method: 'POST',
    url: '/api/v1/users/send_forget_password_email',
    valid: () => ({ email: uniqueEmail() }),
    wrongTypes: { email: 123 },
    required: ['email'],
  },
  {
    method: 'POST',
    url: '/api/v1/users/reset_password',
    valid: () => ({ email: uniqueEmail(), token: 'some-token', password: 'long enough password' }),
    wrongTypes: { email: 123, token: null, password: 12_345_678 },
    required: ['email', 'token', 'password'],
  },
  {
    method: 'PUT',
    url: '/api/v1/users/profile',
    valid: () => ({ email: uniqueEmail() }),
    wrongTypes: { email: 123, id: 'me', alert_channels: 'ops@example.test' },
    required: [],
    caller: () => user,
  },
  {
    method: 'POST',
    url: '/api/v1/users/impersonate',
    valid: () => ({ token: 'some-token' }),
    wrongTypes: { token: 123 },
    required: ['token'],
  },
  {
    method: 'POST',
    url: '/api/v1/staff/impersonation_tokens',
    valid: () => ({ email: uniqueEmail() }),
    wrongTypes: { email: false },
    required: ['email'],
    caller: () => staff,
  },
];

function send(call: Call, payload: string, contentType = 'application/json') {
  const options: InjectOptions = {
    method: call.method,
    url: call.url,
    payload,
    headers: { 'content-type': contentType, ...call.caller?.().headers },
  };
  return server.app.inject(options);
}

/** A 400 that names `field` both as a key holding messages and at the start of `detail`. */
function expectFieldNamed(body: Record<string, unknown>, field: string) {
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(Object.hasOwn(body, field), `body names ${field}: ${JSON.stringify(body)}`).toBe(true);
  const messages = body[field] as unknown[];
  expect(messages.length).toBeGreaterThan(0);
  for (const message of messages) expect(typeof message).toBe('string');
  expect(body.detail).toMatch(new RegExp(`^${field.replaceAll('.', '\\.')}: `));
}

describe.each(calls)('$method $url', (call) => {
  it('refuses malformed JSON with INVALID_JSON and no parser message', async () => {
    for (const payload of ['{"email": ', '{email: "a@b.co"}', '']) {
      const response = await send(call, payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json()).toEqual({ code: 'INVALID_JSON', detail: expect.stringMatching(/^The request body is/) });
    }
  });

  it('names each field given a value of the wrong type', async () => {
    for (const [field, value] of Object.entries(call.wrongTypes)) {
      const response = await send(call, JSON.stringify({ ...call.valid(), [field]: value }));
      expect(response.statusCode, field).toBe(400);
      expectFieldNamed(response.json(), field);
    }
  });

  // PUT profile has no required field; its nested ones are checked below.
  if (call.required.length > 0) {
    it('names each missing field', async () => {
      for (const field of call.required) {
        const { [field]: _dropped, ...rest } = call.valid();
        const response = await send(call, JSON.stringify(rest));
        expect(response.statusCode, field).toBe(400);
        expectFieldNamed(response.json(), field);
      }
    });
  }

  it('names every unknown key, including ones that are names on Object.prototype', async () => {
    const response = await send(call, JSON.stringify({ ...call.valid(), surprise: 1, constructor: 'x', toString: 2 }));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expectFieldNamed(body, 'surprise');
    expect(body).toEqual({
      code: 'VALIDATION_FAILED',
      detail: 'surprise: Unknown field.',
      surprise: ['Unknown field.'],
      constructor: ['Unknown field.'],
      toString: ['Unknown field.'],
    });
  });

  it('refuses a body over 1 MB with 413', async () => {
    const response = await send(call, JSON.stringify({ ...call.valid(), padding: 'x'.repeat(1024 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'BODY_TOO_LARGE', detail: 'The request body is larger than 1 MB.' });
  });

  it('refuses bodies that are not JSON with 415', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const response = await send(call, JSON.stringify(call.valid()), contentType);
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', detail: 'Send the body as application/json.' });
    }
  });

  it('refuses JSON that is not an object, naming no field', async () => {
    for (const payload of ['null', '[]', '"a string"', '42']) {
      const response = await send(call, payload);
      expect(response.statusCode, payload).toBe(400);
      expectFieldNamed(response.json(), 'non_field_errors');
    }
  });
});

describe('nested fields of PUT profile', () => {
  const putProfile = (payload: unknown) =>
    server.app.inject({
      method: 'PUT',
      url: '/api/v1/users/profile',
      headers: user.headers,
      payload: payload as object,
    });

  it('names a nested field by its dotted path', async () => {
    const response = await putProfile({ alert_channels: { emails: [{ value: 'ops@example.test' }, { value: 5 }] } });
    expect(response.statusCode).toBe(400);
    expectFieldNamed(response.json(), 'alert_channels.emails.1.value');
  });

  it('names a missing nested field', async () => {
    const response = await putProfile({ alert_channels: { phones: [{ is_verified: false }] } });
    expect(response.statusCode).toBe(400);
    expectFieldNamed(response.json(), 'alert_channels.phones.0.value');
  });

  it('names an unknown nested key by its dotted path, beside other errors', async () => {
    const response = await putProfile({ email: 7, alert_channels: { pagers: [] } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body['alert_channels.pagers']).toEqual(['Unknown field.']);
    expect(body.email).toHaveLength(1);
    expect(body.detail).toMatch(/^(email|alert_channels\.pagers): /);
  });

  it('refuses values PostgreSQL cannot store (NUL, lone surrogates) with the field named, and keeps the profile', async () => {
    const before = (
      await server.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers: user.headers })
    ).json();
    for (const [value, field] of [
      ['before\u0000after', 'alert_channels.phones.1.value'],
      ['half \ud800 pair', 'alert_channels.phones.1.value'],
      ['\udc00 low half first', 'alert_channels.phones.1.value'],
    ] as const) {
      const response = await putProfile({ alert_channels: { phones: [{ value: '+98 912 000 0000' }, { value }] } });
      expect(response.statusCode, JSON.stringify(value)).toBe(400);
      expectFieldNamed(response.json(), field);
    }
    const after = (
      await server.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers: user.headers })
    ).json();
    expect(after.alert_channels).toEqual(before.alert_channels);
  });

  it('stores whole surrogate pairs (emoji) and Persian text as sent', async () => {
    // A webhook address is the channel type that keeps any text in its path, as typed.
    const value = 'https://example.test/پایدار/😀';
    const response = await putProfile({ alert_channels: { webhooks: [{ value }] } });
    expect(response.statusCode).toBe(200);
    expect(response.json().alert_channels.webhooks).toEqual([{ value, is_verified: false }]);
  });
});

describe('prototype pollution', () => {
  it('refuses __proto__ and constructor.prototype keys as invalid JSON and grants nothing', async () => {
    for (const payload of [
      '{"__proto__": {"is_staff": true}, "email": "x@example.test"}',
      '{"constructor": {"prototype": {"is_staff": true}}, "email": "x@example.test"}',
    ]) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/v1/staff/impersonation_tokens',
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('INVALID_JSON');
    }
    expect(({} as Record<string, unknown>).is_staff).toBeUndefined();
  });
});
