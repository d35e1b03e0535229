import type { z } from 'zod';
import { getRuntimeConfig } from '@/config/runtime-config';
import { apiUrl } from '@/lib/api-url';
import { takeEarlyResponse } from '@/lib/early-requests';
import { getSession } from '@/lib/session-store';

/** A failed call. `message` is the text to show: the server's `detail` when it sent one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when no answer arrived. */
    readonly status: number,
    message: string,
    /** The server's stable error code (`VALIDATION_FAILED`, …) when it sent one. */
    readonly code: string | null = null,
    /** Per-field messages of a validation failure. */
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

const NETWORK_MESSAGE = 'Could not reach the server. Please check your connection.';

function fallbackMessage(status: number): string {
  if (status === 429) return 'Too many requests. Please try again later.';
  if (status >= 500) return 'Server error. Please try again later.';
  return 'Something went wrong!';
}

/**
 * Turns a failed answer into an ApiError. A field error's text is its messages alone: the server's
 * `detail` names the field as the API spells it ("password: …"), which is for scripts, not people —
 * forms show each message under its own field (form-errors.ts). Otherwise the server's `detail`,
 * else a generic text.
 */
export function toApiError(status: number, payload: unknown): ApiError {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) {
    return new ApiError(status, fallbackMessage(status));
  }
  const body = payload as Record<string, unknown>;
  const code = typeof body.code === 'string' ? body.code : null;
  const fields: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(body)) {
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) fields[key] = value;
  }
  const fieldText = [...new Set(Object.values(fields).flat())].join('\n');
  if (fieldText) return new ApiError(status, fieldText, code, fields);
  if (typeof body.detail === 'string' && body.detail) return new ApiError(status, body.detail, code, fields);
  return new ApiError(status, fallbackMessage(status), code, fields);
}

let unauthorizedHandler: (() => void) | null = null;

/** Called when the server rejects the current session key (401), so the app can sign out. */
export function onUnauthorized(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

/**
 * A call outside this client (the live stream) was refused with this key: when it is still the
 * session's, the app signs out as it does for a 401 here.
 */
export function sessionRefused(token: string | null | undefined): void {
  if (token && token === getSession().token) unauthorizedHandler?.();
}

/**
 * 401s that are not about the caller's session: the hosting console refusing the server's own key
 * (add_credit). The user stays signed in and sees what went wrong.
 */
const OTHER_401_CODES = new Set(['CONSOLE_NOT_AUTHENTICATED']);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  /** Overrides the session key: used to read the profile with a key before it becomes the session. */
  token?: string | null;
  signal?: AbortSignal;
  /** Extra request headers (an `Idempotency-Key`); they cannot replace the auth or JSON headers. */
  headers?: Record<string, string>;
};

async function readPayload(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null; // an HTML error page from a proxy carries nothing worth showing
  }
}

async function request<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  body: unknown,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const token = options.token !== undefined ? options.token : getSession().token;
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Token ${token}`;
  const url = apiUrl(getRuntimeConfig().apiBaseUrl, path);

  let response: Response;
  try {
    // The page's first module may have asked this already (early-requests.ts): its answer is taken.
    const early = method === 'GET' && token ? takeEarlyResponse(url, token, options.signal) : null;
    response = await (early ??
      fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: options.signal,
      }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_MESSAGE);
  }

  const payload = await readPayload(response);
  if (!response.ok) {
    const error = toApiError(response.status, payload);
    const aboutTheSession = error.code === null || !OTHER_401_CODES.has(error.code);
    if (response.status === 401 && aboutTheSession && token && token === getSession().token) unauthorizedHandler?.();
    throw error;
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, 'Unexpected answer from the server.', 'BAD_RESPONSE');
  return parsed.data;
}

/** The one way the web app talks to the API: base URL from runtime config, `Token` auth, JSON both ways. */
export const api = {
  get: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) =>
    request('GET', path, schema, undefined, options),
  post: <S extends z.ZodType>(path: string, body: unknown, schema: S, options?: RequestOptions) =>
    request('POST', path, schema, body, options),
  put: <S extends z.ZodType>(path: string, body: unknown, schema: S, options?: RequestOptions) =>
    request('PUT', path, schema, body, options),
  patch: <S extends z.ZodType>(path: string, body: unknown, schema: S, options?: RequestOptions) =>
    request('PATCH', path, schema, body, options),
  delete: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) =>
    request('DELETE', path, schema, undefined, options),
};

/** The text to show for any failure: the server's text for an ApiError, a generic one otherwise. */
export function errorMessage(error: unknown, fallback = 'Something went wrong!'): string {
  return error instanceof ApiError ? error.message : fallback;
}
