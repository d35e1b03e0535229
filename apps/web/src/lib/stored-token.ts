import { localStore, tabStore } from './browser-storage';

/**
 * Where the session key is kept across reloads. Apart from session-store.ts (which needs React), so
 * the first, tiny module of the page (early-requests.ts) can read the key before React is loaded.
 */
export const TOKEN_KEY = 'paydar.token';

/** The key a previous visit left behind: a verified session first, then an unverified one of this tab. */
export function readStoredToken(): string | null {
  return localStore.get(TOKEN_KEY) ?? tabStore.get(TOKEN_KEY);
}

/** Set while staff act as a customer (session-store.ts); the page then has a frame of its own. */
export const IMPERSONATE_KEY = 'paydar.impersonate';

/** Whether the stored key is an impersonation's. */
export function readImpersonating(): boolean {
  return localStore.get(IMPERSONATE_KEY) === '1';
}
