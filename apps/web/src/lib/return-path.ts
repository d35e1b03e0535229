import type { Location } from 'react-router';

/** Where a signed-out visitor was going, kept through /login so signing in leads back there. */
export type ReturnState = { from?: string } | null;

/** The /login state that brings the visitor back to `location` (path and query) once signed in. */
export const returnTo = (location: Pick<Location, 'pathname' | 'search'>): ReturnState => ({
  from: `${location.pathname}${location.search}`,
});

/** Only a path of this app: a crafted state must not send anyone to another site. */
export const safeReturnPath = (from: string | undefined) =>
  from?.startsWith('/') && !from.startsWith('//') ? from : '/';
