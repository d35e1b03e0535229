import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConditionalRead } from '../api/conditional-get';
import { StatusApiError } from '../api/http';

/** How often an open page asks again; a 304 costs nothing, and the server's answer changes every 30 s at most. */
export const REFRESH_MS = 30_000;

export type PolledState = 'loading' | 'ready' | 'failed';

export interface PolledAnswer<T> {
  /** 'loading' before the first answer; 'ready' while an answer is on screen; 'failed' when none is. */
  state: PolledState;
  value: T | null;
  /** The HTTP status of the failure that left nothing on screen (0: no answer came); null otherwise. */
  failure: number | null;
  /** When the answer was last known current (an answer, or a 304), epoch ms. */
  checkedAt: number | null;
  /** Asks again now, with the ETag. */
  reload(): void;
  /** Forgets the answer and its ETag, then asks again (e.g. with a new access token). */
  restart(): void;
}

export interface PollOptions {
  now?: () => number;
  /** Failures that mean the answer is gone (401, 404 by default): it is dropped, not kept on screen. */
  drops?: (status: number) => boolean;
}

const dropsByDefault = (status: number) => status === 401 || status === 404;

/**
 * An answer kept current the way the visitors' pages are: asked every REFRESH_MS and when the tab
 * becomes visible, with the last ETag (`read` sends it as If-None-Match); a 304 keeps what is shown.
 * A failed refresh keeps the answer on screen and the next one tries again; only the latest call's
 * answer counts, so an older, slower poll never undoes a newer read. `key` names what is read: when
 * it changes, the answer is forgotten and read afresh. `read` may change on every render.
 */
export function usePolledAnswer<T>(
  key: string,
  read: (etag: string | null) => Promise<ConditionalRead<T>>,
  { now = Date.now, drops = dropsByDefault }: PollOptions = {},
): PolledAnswer<T> {
  const [state, setState] = useState<PolledState>('loading');
  const [value, setValue] = useState<T | null>(null);
  const [failure, setFailure] = useState<number | null>(null);
  const [checkedAt, setCheckedAt] = useState<number | null>(null);
  const etag = useRef<string | null>(null);
  const latest = useRef(0);
  // Whether an answer is on screen: a failed refresh then keeps it.
  const shown = useRef(false);
  const reader = useRef({ read, now, drops });
  reader.current = { read, now, drops };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key is a new answer to read.
  const load = useCallback(async () => {
    const call = ++latest.current;
    try {
      const answer = await reader.current.read(etag.current);
      if (call !== latest.current) return;
      if (answer.changed) {
        etag.current = answer.etag;
        setValue(() => answer.value);
      }
      shown.current = true;
      setFailure(null);
      setState('ready');
      setCheckedAt(reader.current.now());
    } catch (error) {
      if (call !== latest.current) return;
      const status = error instanceof StatusApiError ? error.status : 0;
      if (reader.current.drops(status)) {
        etag.current = null;
        shown.current = false;
        setValue(null);
      } else if (shown.current) {
        // Keep what is on screen; the next refresh tries again.
        return;
      }
      setFailure(status);
      setState('failed');
    }
  }, [key]);

  const restart = useCallback(() => {
    etag.current = null;
    shown.current = false;
    setValue(null);
    setFailure(null);
    setState('loading');
    void load();
  }, [load]);

  useEffect(() => {
    restart();
    const timer = window.setInterval(() => void load(), REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void load();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [load, restart]);

  return { state, value, failure, checkedAt, reload: () => void load(), restart };
}
