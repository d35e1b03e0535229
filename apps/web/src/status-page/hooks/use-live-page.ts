import { useCallback } from 'react';
import { forgetAccessToken, keepAccessToken, readAccessToken } from '../access-token';
import { getPage } from '../api/get-page';
import { StatusApiError } from '../api/http';
import type { VisitorPage } from '../api/page-schema';
import type { PageAddress } from '../location';
import { usePolledAnswer } from './use-polled-answer';

export { REFRESH_MS } from './use-polled-answer';

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
 * The page's answer, kept current by usePolledAnswer (every REFRESH_MS and when the tab becomes
 * visible, with If-None-Match). A refused token is forgotten and the password asked for; a failed
 * refresh keeps the page on screen.
 */
export function useLivePage(base: string, address: PageAddress, now: () => number = Date.now): LivePage {
  const addressKey = address.kind === 'slug' ? `slug:${address.slug}` : 'host';
  const polled = usePolledAnswer(
    `${base}|${addressKey}`,
    async (etag) => {
      // Read at each call: an unlock or a refusal changes it between polls.
      const token = readAccessToken(address);
      try {
        return await getPage({ base, token }, address, etag);
      } catch (error) {
        if (token && error instanceof StatusApiError && error.status === 401) forgetAccessToken(address);
        throw error;
      }
    },
    { now },
  );
  const { restart } = polled;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is compared by its key.
  const unlocked = useCallback(
    (token: string) => {
      keepAccessToken(address, token);
      restart();
    },
    [addressKey, restart],
  );

  return {
    state: stateOf(polled.state, polled.failure),
    page: polled.value,
    checkedAt: polled.checkedAt,
    unlocked,
    reload: polled.reload,
  };
}

function stateOf(state: 'loading' | 'ready' | 'failed', failure: number | null): LiveState {
  if (state !== 'failed') return state;
  if (failure === 401) return 'locked';
  if (failure === 404) return 'not-found';
  return 'error';
}
