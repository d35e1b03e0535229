import { useEffect, useState } from 'react';

/** Below this width the bars show the last 30 days: 90 would be slivers under a finger. */
export const NARROW_QUERY = '(max-width: 640px)';

const matches = () => typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;

/** Whether the screen is narrow, following resizes and rotations. */
export function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(NARROW_QUERY);
    const onChange = () => setNarrow(query.matches);
    query.addEventListener('change', onChange);
    onChange();
    return () => query.removeEventListener('change', onChange);
  }, []);
  return narrow;
}
