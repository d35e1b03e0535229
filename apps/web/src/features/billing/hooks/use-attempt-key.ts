import { useRef } from 'react';
import { newIdempotencyKey } from '@/lib/idempotency-key';

/**
 * The Idempotency-Key of a money call, per attempt: the same key while the user retries the same
 * request after an unknown outcome (no answer, a server error — it may have been done), a new one
 * once the last attempt's outcome is known or the request changes.
 */
export function useAttemptKey() {
  const attempt = useRef<{ key: string; request: string } | null>(null);
  return {
    /** The key for `request` (a fingerprint of what is sent). */
    keyFor(request: string): string {
      if (attempt.current?.request !== request) attempt.current = { key: newIdempotencyKey(), request };
      return attempt.current.key;
    },
    /** The attempt is over (succeeded, or refused for good): the next one gets a new key. */
    settle(): void {
      attempt.current = null;
    },
  };
}
