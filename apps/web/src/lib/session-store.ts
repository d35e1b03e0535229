import { useSyncExternalStore } from 'react';

/**
 * The session key and the impersonation flag: kept in memory for the api-client and the guards,
 * and mirrored in browser storage so a reload keeps the user signed in.
 */
export type Session = { token: string | null; impersonating: boolean };

/** Where a key is remembered: `local` survives browser restarts, `tab` only reloads of this tab. */
export type Persistence = 'local' | 'tab';

const TOKEN_KEY = 'paydar.token';
const IMPERSONATE_KEY = 'paydar.impersonate';

type Listener = () => void;
const listeners = new Set<Listener>();
let state: Session = { token: null, impersonating: read(localStorage, IMPERSONATE_KEY) === '1' };

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null; // storage can be disabled (private modes, strict cookie settings)
  }
}

function write(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // the session then lasts until the next reload, which is the best that can be done
  }
}

function remove(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // nothing stored
  }
}

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

/** The key a previous visit left behind: a verified session first, then an unverified one of this tab. */
export function readStoredToken(): string | null {
  return read(localStorage, TOKEN_KEY) ?? read(sessionStorage, TOKEN_KEY);
}

export function setSessionToken(token: string, persistence: Persistence): void {
  if (persistence === 'local') {
    write(localStorage, TOKEN_KEY, token);
    remove(sessionStorage, TOKEN_KEY);
  } else {
    write(sessionStorage, TOKEN_KEY, token);
    remove(localStorage, TOKEN_KEY);
  }
  update({ ...state, token });
}

/** Stores an impersonation key and flag; the caller reloads, and start-up signs in with the key. */
export function storeImpersonation(token: string): void {
  remove(sessionStorage, TOKEN_KEY);
  write(localStorage, TOKEN_KEY, token);
  write(localStorage, IMPERSONATE_KEY, '1');
}

/** Forgets the session and every other stored value (spec §4: logout clears all stored state). */
export function clearSession(): void {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // storage disabled: nothing was stored
  }
  update({ token: null, impersonating: false });
}
