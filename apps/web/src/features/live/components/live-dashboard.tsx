import { LIVE_PATH } from '@paydar/contracts/live';
import { useSession } from '@/lib/session-store';
import { useDownTitle } from '../hooks/use-down-title';
import { useLiveStream } from '../hooks/use-live-stream';

/**
 * Mounted by the signed-in frame: keeps the user's live stream open (the list, the detail and the
 * public status page update in place) and the tab title counting the down monitors. Draws nothing.
 */
export function LiveDashboard() {
  const { token } = useSession();
  useLiveStream(token ? LIVE_PATH : null, token, true);
  useDownTitle();
  return null;
}
