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
