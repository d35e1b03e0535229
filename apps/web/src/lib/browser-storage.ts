/**
 * localStorage and sessionStorage that never throw. Browsers refuse storage in several ways:
 * reading `window.localStorage` itself throws a SecurityError in sandboxed iframes (a share page
 * embedded elsewhere) and some private modes, and writes throw when storage is full or disabled.
 * Whatever cannot be stored is kept in memory for this page's life instead, so the app still runs:
 * it only forgets on reload what it could not store.
 */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  /** Forgets every key, stored and in memory. */
  clear(): void;
}

function storageOrNull(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

function createStore(kind: 'localStorage' | 'sessionStorage'): KeyValueStore {
  // Only values the browser refused: while storage works, it alone is read, so a change another tab
  // makes (a logout clearing it) is seen at once.
  const memory = new Map<string, string>();
  const attempt = <T>(use: (storage: Storage) => T): { ok: true; value: T } | { ok: false } => {
    const storage = storageOrNull(kind);
    if (!storage) return { ok: false };
    try {
      return { ok: true, value: use(storage) };
    } catch {
      return { ok: false };
    }
  };
  return {
    get(key) {
      const stored = attempt((storage) => storage.getItem(key));
      return (stored.ok ? stored.value : null) ?? memory.get(key) ?? null;
    },
    set(key, value) {
      if (attempt((storage) => storage.setItem(key, value)).ok) memory.delete(key);
      else memory.set(key, value);
    },
    remove(key) {
      memory.delete(key);
      attempt((storage) => storage.removeItem(key));
    },
    clear() {
      memory.clear();
      attempt((storage) => storage.clear());
    },
  };
}

/** Survives browser restarts (where the browser allows it). */
export const localStore = createStore('localStorage');
/** This tab only, across its reloads (where the browser allows it). */
export const tabStore = createStore('sessionStorage');
