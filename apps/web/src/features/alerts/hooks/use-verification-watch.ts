import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { profileQueryOptions } from '@/lib/auth';

/** How often, and for how long, the profile is read again while a verification happens elsewhere. */
export const WATCH_INTERVAL_MS = 4_000;
export const WATCH_LIMIT_MS = 2 * 60_000;

/**
 * Some channels are verified away from this page: a Telegram name when its owner presses Start in
 * the bot, a webhook when its test delivery is answered. While `waiting`, the profile is read every
 * few seconds (for two minutes at most), so their tags turn verified without a reload.
 */
export function useVerificationWatch(waiting: boolean): void {
  const [since, setSince] = useState<number | null>(null);
  useEffect(() => setSince(waiting ? Date.now() : null), [waiting]);
  useQuery({
    ...profileQueryOptions(),
    enabled: since !== null,
    refetchInterval: () => (since !== null && Date.now() - since < WATCH_LIMIT_MS ? WATCH_INTERVAL_MS : false),
  });
}
