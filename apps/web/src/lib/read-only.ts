import { DEMO_READ_ONLY_TEXT } from '@paydar/contracts/accounts';
import { useProfile } from '@/lib/auth';

export { DEMO_READ_ONLY_TEXT };

/**
 * Why the signed-in account may change nothing: the demo's words, or null. Its write buttons show
 * disabled with this as their tooltip; the server's refusal (403 DEMO_READ_ONLY) stays the real guard.
 */
export function useReadOnlyReason(): string | null {
  const { data: me } = useProfile();
  return me?.is_demo === true ? DEMO_READ_ONLY_TEXT : null;
}
