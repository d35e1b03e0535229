import { LIVE_EVENTS, liveMonitor, liveReady, liveRemoved } from '@paydar/contracts/live';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionRefused } from '@/lib/api-client';
import { type LiveMessage, openLiveConnection } from '../api/live-connection';
import { downMonitors } from '../down-monitors-store';
import { applyLiveMonitor, applyLiveReady, applyLiveRemoved, applyLiveReset } from '../live-cache';

/**
 * Keeps the stream at `path` open while mounted (and `path` is set) and applies what it pushes to
 * the query caches, and to the down count when `countsDown` (the user's own monitors, not a shared
 * page's). `token` is the session key; a shared page has none.
 */
export function useLiveStream(path: string | null, token: string | null, countsDown: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!path) return;
    const down = countsDown ? downMonitors : null;
    const onMessage = ({ event, data, resumed }: LiveMessage) => {
      if (event === LIVE_EVENTS.monitor) {
        const parsed = liveMonitor.safeParse(data);
        if (!parsed.success) return;
        applyLiveMonitor(client, parsed.data);
        down?.changed(parsed.data);
      } else if (event === LIVE_EVENTS.removed) {
        const parsed = liveRemoved.safeParse(data);
        if (!parsed.success) return;
        applyLiveRemoved(client, parsed.data.id);
        down?.removed(parsed.data.id);
      } else if (event === LIVE_EVENTS.ready) {
        const parsed = liveReady.safeParse(data);
        if (!parsed.success) return;
        applyLiveReady(client, parsed.data, !resumed);
        down?.ready(parsed.data);
      } else if (event === LIVE_EVENTS.reset) {
        applyLiveReset(client);
      }
    };
    const stop = openLiveConnection({
      path,
      token,
      onMessage,
      // The key no longer works (revoked, or expired while the stream was open): sign out at once,
      // whatever the page shows (a page with no other call would not find out otherwise).
      onUnauthorized: () => sessionRefused(token),
    });
    return () => {
      stop();
      down?.clear();
    };
  }, [client, path, token, countsDown]);
}
