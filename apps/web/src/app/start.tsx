import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { loadRuntimeConfig } from '@/config/runtime-config';
import { removeFirstScreen } from '@/first-screen/remove-first-screen';
import { onUnauthorized } from '@/lib/api-client';
import { endSession, restoreSession } from '@/lib/auth';
import { getSession } from '@/lib/session-store';
import { preloadScreens } from './preload-screens';
import { routes } from './router';

/** How long the first render waits for its screen's code before showing the loader instead. */
const SCREEN_WAIT_MS = 1_000;

/** Nothing renders before the configuration and the session are known (spec §4 "Start-up"). */
export async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const root = createRoot(container);
  try {
    const config = await loadRuntimeConfig();
    document.title = config.productName;
  } catch (error) {
    console.error(error);
    removeFirstScreen();
    root.render(<StartFailed />);
    return;
  }
  // A key the server stops accepting mid-visit signs the user out; the guards then show /login.
  onUnauthorized(endSession);
  await restoreSession();
  // The first screen's code, asked for beside the app's (main.tsx), is waited for — briefly: found in
  // memory it renders at once instead of behind the loader (preloadable-lazy.ts).
  await Promise.race([
    preloadScreens(routes, window.location.pathname, getSession().token !== null).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, SCREEN_WAIT_MS)),
  ]);
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

/** Without its configuration the app cannot reach the API; this stays plain, without the theme. */
function StartFailed() {
  return (
    <div style={{ fontFamily: 'system-ui, sans-serif', padding: 32, textAlign: 'center', color: '#343a40' }}>
      <p>The application could not load its configuration.</p>
      <button type="button" onClick={() => window.location.reload()}>
        Try again
      </button>
    </div>
  );
}
