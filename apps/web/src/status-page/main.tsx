// The status page's entry (status.html): zod's no-eval flag first, then the page, whose chunks
// status.html already preloads (vite-plugins/modulepreload-dynamic-entry.ts).
import '@/lib/zod-jitless';
// In status.html as a stylesheet link: the page draws styled from its first paint.
import './status-page.css';

void import('./start');
