import type { z } from 'zod';

/** A failed call: `status` 0 when no answer came; `code` the server's stable code when it sent one. */
export class StatusApiError extends Error {
  override readonly name = 'StatusApiError';
  constructor(
    readonly status: number,
    readonly code: string | null = null,
    /** The server's `detail` ('' without one); the page shows its own texts where it has them. */
    readonly detail = '',
  ) {
    super(detail || `status ${status}`);
  }
}

export const TOKEN_HEADER = 'X-Status-Page-Token';

/** Where calls go: the API base ('' for this origin) and the page's access token, if any. */
export interface ApiTarget {
  base: string;
  token?: string | null;
}

export function apiHref(target: ApiTarget, path: string): string {
  return `${target.base.replace(/\/+$/, '')}${path}`;
}

/** fetch with the token and JSON headers; a network failure is a StatusApiError with status 0. */
export async function send(
  target: ApiTarget,
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
  if (target.token) headers[TOKEN_HEADER] = target.token;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(apiHref(target, path), {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'omit',
      // Revalidate every read: the answer may be kept 15 s (max-age, for shared caches), and a reload
      // right after an incident update would show the page from before it. A 304 costs the server nothing.
      cache: 'no-cache',
    });
  } catch {
    throw new StatusApiError(0);
  }
}

/** A failed answer as a StatusApiError, with the server's code when its body has one. */
export async function errorOf(response: Response): Promise<StatusApiError> {
  let code: string | null = null;
  let detail = '';
  try {
    const body = (await response.json()) as { code?: unknown; detail?: unknown };
    if (typeof body.code === 'string') code = body.code;
    if (typeof body.detail === 'string') detail = body.detail;
  } catch {
    // Not JSON: the status says enough.
  }
  return new StatusApiError(response.status, code, detail);
}

/** The answer's body checked against its schema; a failed answer throws a StatusApiError. */
export async function readAnswer<T extends z.ZodType>(response: Response, schema: T): Promise<z.infer<T>> {
  if (!response.ok) throw await errorOf(response);
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new StatusApiError(response.status, 'BAD_ANSWER');
  return parsed.data;
}
