import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './first-screen/first-screen.css';
import '@/lib/zod-jitless';
import { isDashboardPath, preloadDashboard } from '@/app/route-loaders';
import { afterPaint, drawFirstScreen } from '@/first-screen/draw-first-screen';
import { removeFirstScreen } from '@/first-screen/remove-first-screen';
import { applyStoredColorScheme } from '@/lib/early-color-scheme';
import { startEarlyRequests } from '@/lib/early-requests';

/** How long the first screen may stay once the app has started rendering (it goes long before). */
const FIRST_SCREEN_MAX_MS = 15_000;

// Light or dark before anything is drawn (no flash of the other scheme while the app loads).
applyStoredColorScheme();

// The page's first module, kept small so it runs as soon as it arrives: a returning visitor's first
// calls are asked for now, beside the app's code (preloaded by index.html: vite.config.ts), not after it.
const onDashboard = isDashboardPath(window.location.pathname);
const signedIn = startEarlyRequests({ monitors: onDashboard });

// On the list, the first screen is drawn from those calls' answers in plain DOM, and the app's code
// (downloaded meanwhile, not run) runs only once it is on screen: React and Mantine take longer to
// evaluate than the first item's budget (issue 26). Without a key, elsewhere, or when a call fails
// or answers no list, nothing is drawn and the app starts at once, as before.
const firstScreen = signedIn ? drawFirstScreen().catch(() => false) : Promise.resolve(false);
void firstScreen.then(async (drawn) => {
  if (drawn) await afterPaint();
  // The dashboard's code, asked for beside the app's instead of after the session is known; importing
  // runs it, so not before the first screen is drawn.
  if (signedIn && onDashboard) preloadDashboard();
  const { start } = await import('@/app/start');
  await start();
  // Should no screen of the app take it away (a render that failed), the copy does not stay for good.
  if (drawn) setTimeout(removeFirstScreen, FIRST_SCREEN_MAX_MS);
});
