import { useCallback, useEffect, useRef, useState } from 'react';
import { forgetAccessToken, keepAccessToken, readAccessToken } from '../access-token';
import { getPage } from '../api/get-page';
import { StatusApiError } from '../api/http';
import type { VisitorPage } from '../api/page-schema';
import type { PageAddress } from '../location';

/** How often an open page asks again; a 304 costs nothing, and the server's answer changes every 30 s at most. */
export const REFRESH_MS = 30_000;

export type LiveState = 'loading' | 'ready' | 'locked' | 'not-found' | 'error';

export interface LivePage {
  state: LiveState;
  page: VisitorPage | null;
  /** When the page was last known current (an answer, or a 304), epoch ms. */
  checkedAt: number | null;
  /** Keeps the token a password bought and loads the page with it. */
  unlocked(token: string): void;
  reload(): void;
}

/**
 * The page's answer, kept current: asked again every REFRESH_MS and when the tab becomes visible,
 * with the last ETag (If-None-Match). A refused token is forgotten and the password asked for; a
 * failed refresh keeps the page on screen.
 */
export function useLivePage(base: string, address: PageAddress, now: () => number = Date.now): LivePage {
  const [state, setState] = useState<LiveState>('loading');
  const [page, setPage] = useState<VisitorPage | null>(null);
  const [checkedAt, setCheckedAt] = useState<number | null>(null);
  const etag = useRef<string | null>(null);
  // Only the latest call's answer counts: an unlock's load is not undone by an older poll.
  const latest = useRef(0);
  const addressKey = address.kind === 'slug' ? address.slug : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is compared by its key.
  const load = useCallback(async () => {
    const call = ++latest.current;
    const token = readAccessToken(address);
    try {
      const read = await getPage({ base, token }, address, etag.current);
      if (call !== latest.current) return;
      if (read.changed) {
        etag.current = read.etag;
        setPage(read.page);
      }
      setState('ready');
      setCheckedAt(now());
    } catch (error) {
      if (call !== latest.current) return;
      const status = error instanceof StatusApiError ? error.status : 0;
      if (status === 401) {
        if (token) forgetAccessToken(address);
        etag.current = null;
        setPage(null);
        setState('locked');
      } else if (status === 404) {
        setPage(null);
        setState('not-found');
      } else {
        // Keep what is on screen; the next refresh tries again.
        setState((current) => (current === 'ready' ? current : 'error'));
      }
    }
  }, [base, addressKey, now]);

  useEffect(() => {
    void load();
    const timer = window.setInterval(() => void load(), REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void load();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [load]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is compared by its key.
  const unlocked = useCallback(
    (token: string) => {
      keepAccessToken(address, token);
      etag.current = null;
      setState('loading');
      void load();
    },
    [addressKey, load],
  );

  return { state, page, checkedAt, unlocked, reload: () => void load() };
}
