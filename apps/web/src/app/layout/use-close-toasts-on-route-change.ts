import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { closeToasts } from '@/lib/notify';

/** Closes the toasts of a page when the user leaves it (a new path; a changed query is the same page). */
export function useCloseToastsOnRouteChange(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    closeToasts();
  }, [pathname]);
}
