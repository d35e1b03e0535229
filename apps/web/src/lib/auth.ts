import { type Profile, profile } from '@paydar/contracts/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, type RequestOptions } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { clearSession, getSession, readStoredToken, setSessionToken, useSession } from '@/lib/session-store';

/**
 * The signed-in user is shared by the guards, the header and several features, so it lives here
 * rather than in one feature (as bulletproof-react's lib/auth does).
 */
export const profileQueryKey = ['users', 'profile'] as const;

export function getProfile(options?: RequestOptions): Promise<Profile> {
  return api.get('/api/v1/users/profile', profile, options);
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile({ signal }) });

/** The profile of the current session; disabled while signed out. */
export function useProfile() {
  const { token } = useSession();
  return useQuery({ ...profileQueryOptions(), enabled: token !== null });
}

/**
 * Signs in with a session key: reads the profile with it first, then makes it the session, so the
 * guards never see a key without a profile.
 *
 * Spec §4: only verified users get the session stored. A user who has just registered is not
 * verified yet but must still reach /verify_email and resend the email, and a reload of that page
 * must not lose them. So an unverified key is kept in memory and in sessionStorage (this tab only,
 * gone when the browser closes); a verified key goes to localStorage and survives restarts. The
 * guards keep unverified users on /verify_email either way, so no monitors load for them.
 */
export async function startSession(key: string): Promise<Profile> {
  const me = await getProfile({ token: key });
  // Another user's data must not outlive a switch of account (verify link, impersonation).
  if (getSession().token !== key) queryClient.removeQueries();
  queryClient.setQueryData(profileQueryKey, me);
  setSessionToken(key, me.is_verified ? 'local' : 'tab');
  return me;
}

/** Forgets the session locally: every stored value and the whole query cache. */
export function endSession(): void {
  clearSession();
  queryClient.clear();
}

/**
 * Start-up (spec §4): sign in with an `auth` query parameter or with the key a previous visit
 * stored (not on /impersonate, which brings its own key), before the routes render.
 */
export async function restoreSession(location: Location = window.location): Promise<void> {
  const params = new URLSearchParams(location.search);
  const fromQuery = params.get('auth');
  if (fromQuery !== null) {
    // Keep the key out of the address bar and the history.
    params.delete('auth');
    const search = params.toString();
    window.history.replaceState(
      window.history.state,
      '',
      `${location.pathname}${search ? `?${search}` : ''}${location.hash}`,
    );
  }
  const stored = location.pathname === '/impersonate' ? null : readStoredToken();
  const key = fromQuery || stored;
  if (!key) return;
  try {
    await startSession(key);
  } catch (error) {
    // A key the server no longer accepts is forgotten; after a network failure the user signs in again.
    if (error instanceof ApiError && error.status === 401 && key === stored) clearSession();
  }
}
