import { useSyncExternalStore } from 'react';
import { localStore, tabStore } from './browser-storage';
import { TOKEN_KEY } from './stored-token';

/**
 * The session key and the impersonation flag: kept in memory for the api-client and the guards,
 * and mirrored in browser storage so a reload keeps the user signed in (in memory only where the
 * browser refuses storage: see browser-storage.ts).
 */
export type Session = { token: string | null; impersonating: boolean };

/** Where a key is remembered: `local` survives browser restarts, `tab` only reloads of this tab. */
export type Persistence = 'local' | 'tab';

const IMPERSONATE_KEY = 'paydar.impersonate';

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

/** Stores an impersonation key and flag; the caller reloads, and start-up signs in with the key. */
export function storeImpersonation(token: string): void {
  tabStore.remove(TOKEN_KEY);
  localStore.set(TOKEN_KEY, token);
  localStore.set(IMPERSONATE_KEY, '1');
}

/** Forgets the session and every other stored value (spec §4: logout clears all stored state). */
export function clearSession(): void {
  localStore.clear();
  tabStore.clear();
  update({ token: null, impersonating: false });
}
