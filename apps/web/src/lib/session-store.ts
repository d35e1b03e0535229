import { useSyncExternalStore } from 'react';
import { localStore, tabStore } from './browser-storage';
import { COLOR_SCHEME_KEY } from './color-scheme';
import { IMPERSONATE_KEY, readStoredToken, TOKEN_KEY } from './stored-token';

/**
 * The session key and the impersonation flag: kept in memory for the api-client and the guards,
 * and mirrored in browser storage so a reload keeps the user signed in (in memory only where the
 * browser refuses storage: see browser-storage.ts).
 */
export type Session = { token: string | null; impersonating: boolean };

/** Where a key is remembered: `local` survives browser restarts, `tab` only reloads of this tab. */
export type Persistence = 'local' | 'tab';

/** The staff member's own key, kept in this tab while they act as a customer, to return to. */
const STAFF_TOKEN_KEY = 'paydar.staff-token';

type Listener = () => void;
const listeners = new Set<Listener>();
let state: Session = { token: null, impersonating: localStore.get(IMPERSONATE_KEY) === '1' };

function update(next: Session): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getSession(): Session {
  return state;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function setSessionToken(token: string, persistence: Persistence): void {
  if (persistence === 'local') {
    localStore.set(TOKEN_KEY, token);
    tabStore.remove(TOKEN_KEY);
  } else {
    tabStore.set(TOKEN_KEY, token);
    localStore.remove(TOKEN_KEY);
  }
  update({ ...state, token });
}

/**
 * Stores an impersonation key and flag; the caller reloads, and start-up signs in with the key. The
 * key it replaces — the staff member's own session — is kept in this tab, for Exit Impersonation.
 */
export function storeImpersonation(token: string): void {
  const own = readStoredToken();
  const alreadyImpersonating = localStore.get(IMPERSONATE_KEY) === '1';
  // A second link followed while impersonating keeps the first staff key, not the customer's.
  if (own && !alreadyImpersonating) tabStore.set(STAFF_TOKEN_KEY, own);
  tabStore.remove(TOKEN_KEY);
  localStore.set(TOKEN_KEY, token);
  localStore.set(IMPERSONATE_KEY, '1');
}

/**
 * Ends impersonation here: forgets the customer's key and every stored value, and makes the staff
 * member's own key the session again. Returns it, or null when there was none to go back to (the
 * link was opened in a browser where staff was not signed in, or in another tab).
 */
export function leaveImpersonation(): string | null {
  const staffToken = tabStore.get(STAFF_TOKEN_KEY);
  clearSession();
  if (staffToken) setSessionToken(staffToken, 'local');
  return staffToken;
}

/**
 * Forgets the session and every other stored value (spec §4: logout clears all stored state) but
 * the light / dark choice, which belongs to the device rather than to the account.
 */
export function clearSession(): void {
  const colorScheme = localStore.get(COLOR_SCHEME_KEY);
  localStore.clear();
  if (colorScheme !== null) localStore.set(COLOR_SCHEME_KEY, colorScheme);
  tabStore.clear();
  update({ token: null, impersonating: false });
}
