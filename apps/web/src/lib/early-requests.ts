import { readInlineRuntimeConfig } from '@/config/inline-runtime-config';
import { apiUrl } from './api-url';
import { readStoredToken } from './stored-token';

/**
 * The first calls of a returning visitor — the profile, and on the dashboard the monitor list — fired
 * by the page's first module with the stored key, while the app's code is still loading, instead of
 * after it ran. The app's own calls (api-client.ts) then take these answers rather than ask again.
 *
 * This module and what it imports stay free of React, zod and the app: it must be small, to run first.
 */

/** The paths as lib/auth.ts and features/monitors/api/get-monitors.ts ask them (early-requests.test holds them together). */
export const EARLY_PROFILE_PATH = '/api/v1/users/profile';
export const EARLY_MONITORS_PATH = '/api/v1/monitors/';

/** An answer not taken within this is dropped, and the app asks again: it would be stale by then. */
export const EARLY_RESPONSE_MAX_AGE_MS = 10_000;

interface EarlyResponse {
  response: Promise<Response>;
  expiresAt: number;
}

const waiting = new Map<string, EarlyResponse>();
const keyOf = (url: string, token: string) => `${token} ${url}`;

export interface EarlyRequestOptions {
  /** Whether the page is the dashboard, whose monitor list is asked too. */
  monitors: boolean;
  location?: Pick<Location, 'pathname'>;
  doc?: Document;
  fetchImpl?: typeof fetch;
  now?: () => number;
}

/**
 * Fires the early calls when a key is stored and the server inlined the configuration (without it
 * the API base is unknown: the app asks itself, as before). Not on /impersonate, which brings its
 * own key (lib/auth.ts restoreSession). Returns whether a stored key was found.
 */
export function startEarlyRequests(options: EarlyRequestOptions): boolean {
  const { location = window.location, doc = document, fetchImpl = fetch, now = Date.now } = options;
  const token = location.pathname === '/impersonate' ? null : readStoredToken();
  if (!token) return false;
  const config = readInlineRuntimeConfig(doc);
  const base = (config as { apiBaseUrl?: unknown } | null)?.apiBaseUrl;
  if (typeof base !== 'string') return true;
  const paths = options.monitors ? [EARLY_PROFILE_PATH, EARLY_MONITORS_PATH] : [EARLY_PROFILE_PATH];
  for (const path of paths) {
    const url = apiUrl(base, path);
    // The same request api-client.ts would make, so its answer means the same.
    const response = fetchImpl(url, { headers: { Accept: 'application/json', Authorization: `Token ${token}` } });
    // Taken or not, a failure is the taker's to report, never an unhandled rejection.
    response.catch(() => undefined);
    const early = { response, expiresAt: now() + EARLY_RESPONSE_MAX_AGE_MS };
    waiting.set(keyOf(url, token), early);
    // Not kept in memory once nobody can take it.
    setTimeout(
      () => waiting.get(keyOf(url, token)) === early && waiting.delete(keyOf(url, token)),
      EARLY_RESPONSE_MAX_AGE_MS,
    );
  }
  return true;
}

/**
 * The early answer to a GET of `url` with `token`, once (a body is read once): null when there is
 * none for exactly this URL and key, or it is too old. An abort of `signal` before the answer came
 * rejects as fetch would and leaves the answer for the next taker: react-query cancels a query whose
 * component unmounts (React's StrictMode does that once on purpose) and asks again at once.
 */
export function takeEarlyResponse(
  url: string,
  token: string,
  signal?: AbortSignal,
  now: () => number = Date.now,
): Promise<Response> | null {
  const key = keyOf(url, token);
  const early = waiting.get(key);
  if (!early) return null;
  waiting.delete(key);
  if (now() > early.expiresAt) return null;
  if (!signal) return early.response;
  return new Promise((resolve, reject) => {
    let settled = false;
    const abort = () => {
      if (settled) return;
      settled = true;
      if (!waiting.has(key)) waiting.set(key, early);
      reject(new DOMException('The operation was aborted.', 'AbortError'));
    };
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    early.response.then(
      (response) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', abort);
        resolve(response);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}

/**
 * A copy of the early answer to a GET of `url` with `token`, the answer itself left for its taker:
 * the first screen (src/first-screen/) reads the copy while the app's code loads, and the app then
 * takes the answer without asking again. Ask before anyone takes it: the copy is made when the
 * answer arrives, before a taker can read its body. Null when there is none.
 */
export function peekEarlyResponse(url: string, token: string): Promise<Response> | null {
  const early = waiting.get(keyOf(url, token));
  return early ? early.response.then((response) => response.clone()) : null;
}

/** Forgets every answer not taken yet (tests). */
export function dropEarlyResponses(): void {
  waiting.clear();
}
