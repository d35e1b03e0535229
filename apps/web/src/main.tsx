import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@/lib/zod-jitless';
import { isDashboardPath, preloadDashboard } from '@/app/route-loaders';
import { applyStoredColorScheme } from '@/lib/early-color-scheme';
import { startEarlyRequests } from '@/lib/early-requests';

// Light or dark before anything is drawn (no flash of the other scheme while the app loads).
applyStoredColorScheme();

// The page's first module, kept small so it runs as soon as it arrives: a returning visitor's first
// calls and the dashboard's code are asked for now, beside the app's code (preloaded by index.html:
// vite.config.ts), not one after the other.
const onDashboard = isDashboardPath(window.location.pathname);
const signedIn = startEarlyRequests({ monitors: onDashboard });
if (signedIn && onDashboard) preloadDashboard();

void import('@/app/start').then(({ start }) => start());
