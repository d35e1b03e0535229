import { type Profile, profile } from '@paydar/contracts/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { offerAccountSwitch } from '@/lib/account-switch';
import { ApiError, api, type RequestOptions } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { clearSession, getSession, setSessionToken, useSession } from '@/lib/session-store';
import { readStoredToken } from '@/lib/stored-token';

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
 * Start-up (spec §4): sign in with the key a previous visit stored (not on /impersonate, which
 * brings its own key) or with an `auth` query parameter, before the routes render. A parameter for
 * another account than the one signed in never switches on its own: it is offered, and the person
 * chooses (AccountSwitchPrompt). The parameter leaves the address bar either way.
 */
export async function restoreSession(location: Location = window.location): Promise<void> {
  const fromQuery = takeAuthParameter(location);
  const stored = location.pathname === '/impersonate' ? null : readStoredToken();
  const current = stored ? await resume(stored) : null;
  if (!fromQuery || fromQuery === stored) return;
  if (!current) {
    // Signed out (nothing stored, or the stored key was refused) signs in with the link; a stored
    // key that could not be checked (network) may still be someone's session, so it is not replaced.
    if (stored === null || readStoredToken() === null) await startSession(fromQuery).catch(() => undefined);
    return;
  }
  let offered: Profile;
  try {
    offered = await getProfile({ token: fromQuery });
  } catch {
    return; // a dead link changes nothing for the signed-in user
  }
  if (offered.id !== current.id) offerAccountSwitch({ key: fromQuery, current, offered });
}

/** Removes `auth` from the address bar and the history, and returns it. */
function takeAuthParameter(location: Location): string | null {
  const params = new URLSearchParams(location.search);
  const key = params.get('auth');
  if (key === null) return null;
  params.delete('auth');
  const search = params.toString();
  window.history.replaceState(
    window.history.state,
    '',
    `${location.pathname}${search ? `?${search}` : ''}${location.hash}`,
  );
  return key || null;
}

/** Signs in again with a stored key; one the server no longer accepts is forgotten. */
async function resume(stored: string): Promise<Profile | null> {
  try {
    return await startSession(stored);
  } catch (error) {
    // After a network failure the key is kept: the user signs in again, or the next visit does.
    if (error instanceof ApiError && error.status === 401) clearSession();
    return null;
  }
}
