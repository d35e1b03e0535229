import { sharedLivePath } from '@paydar/contracts/live';
import { useLiveStream } from './use-live-stream';

/** A shared page's stream: the one monitor its token names, no session (`token` null: none). */
export function useSharedLive(shareToken: string | null): void {
  useLiveStream(shareToken ? sharedLivePath(shareToken) : null, null, false);
}
