// @vitest-environment jsdom

import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { stubFetch } from '@/testing/test-utils';
import { ApiError, api, onUnauthorized, toApiError } from './api-client';
import { setSessionToken } from './session-store';

const ok = z.object({ ok: z.boolean() });

describe('toApiError', () => {
  it.each([
    [
      'the detail',
      400,
      { detail: 'No user with username/password entered found!', code: 'INVALID_CREDENTIALS' },
      'No user with username/password entered found!',
    ],
    [
      'the field message of a validation failure, without the field name the detail carries',
      400,
      {
        code: 'VALIDATION_FAILED',
        detail: 'password: Your password must be at least 8 characters',
        password: ['Your password must be at least 8 characters'],
      },
      'Your password must be at least 8 characters',
    ],
    [
      'field messages when there is no detail, each once and without names',
      400,
      {
        email: ['Enter a valid email address.'],
        repeat: ['Enter a valid email address.'],
        non_field_errors: ['Try again.'],
      },
      'Enter a valid email address.\nTry again.',
    ],
    [
      'the rate-limit detail',
      429,
      { detail: 'Too many attempts, wait a minute.', code: 'RATE_LIMITED' },
      'Too many attempts, wait a minute.',
    ],
    ['a generic text for an empty 429', 429, null, 'Too many requests. Please try again later.'],
    ['a generic text for a 502 page', 502, null, 'Server error. Please try again later.'],
    ['a generic text for a 404 without body', 404, null, 'Something went wrong!'],
  ])('shows %s', (_case, status, payload, message) => {
    const error = toApiError(status, payload);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
  });

  it('keeps the stable code and the field messages', () => {
    const error = toApiError(400, { code: 'VALIDATION_FAILED', detail: 'x', email: ['bad'] });
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual({ email: ['bad'] });
  });
});

describe('api', () => {
  it('calls the configured base URL with the session key and JSON', async () => {
    const fetchMock = stubFetch(() => ({ body: { ok: true } }));
    setSessionToken('abc123', 'local');
    await expect(api.post('/api/v1/users/logout', { a: 1 }, ok)).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('https://api.example.test/api/v1/users/logout');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({ Authorization: 'Token abc123', 'Content-Type': 'application/json' });
  });

  it('sends no Authorization header when signed out', async () => {
    const fetchMock = stubFetch(() => ({ body: { ok: true } }));
    await api.get('/api/v1/users/login_as_demo', ok);
    expect(fetchMock.mock.calls[0]?.[1]?.headers).not.toHaveProperty('Authorization');
  });

  it("throws an ApiError carrying the status and the server's text", async () => {
    stubFetch(() => ({ status: 400, body: { detail: 'Passwords are weak.', code: 'VALIDATION_FAILED' } }));
    await expect(api.get('/x', ok)).rejects.toMatchObject({ status: 400, message: 'Passwords are weak.' });
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/x', ok)).rejects.toMatchObject({ status: 0 });
  });

  it('rejects an answer that does not match the schema', async () => {
    stubFetch(() => ({ body: { unexpected: 1 } }));
    await expect(api.get('/x', ok)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('signs out when the server rejects the current key', async () => {
    const handler = vi.fn();
    onUnauthorized(handler);
    stubFetch(() => ({ status: 401, body: { detail: 'Invalid token.', code: 'UNAUTHENTICATED' } }));
    setSessionToken('stale', 'local');
    await expect(api.get('/x', ok)).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledOnce();
    onUnauthorized(null);
  });

  it("stays signed in when the 401 is the hosting console refusing the server's key", async () => {
    const handler = vi.fn();
    onUnauthorized(handler);
    stubFetch(() => ({ status: 401, body: { detail: 'Console refused.', code: 'CONSOLE_NOT_AUTHENTICATED' } }));
    setSessionToken('good', 'local');
    await expect(api.post('/api/v1/users/add_credit', {}, ok)).rejects.toMatchObject({ status: 401 });
    expect(handler).not.toHaveBeenCalled();
    onUnauthorized(null);
  });

  it('sends extra headers but never lets them replace the JSON or auth headers', async () => {
    const fetchMock = stubFetch(() => ({ body: { ok: true } }));
    setSessionToken('key-9', 'local');
    await api.post('/x', {}, ok, { headers: { 'Idempotency-Key': 'abc12345', Accept: 'text/html' } });
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers).toMatchObject({
      'Idempotency-Key': 'abc12345',
      Accept: 'application/json',
      Authorization: 'Token key-9',
    });
  });
});
