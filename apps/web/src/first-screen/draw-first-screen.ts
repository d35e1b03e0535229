import { readInlineRuntimeConfig } from '@/config/inline-runtime-config';
import { apiUrl } from '@/lib/api-url';
import { WIDE_LAYOUT_QUERY } from '@/lib/breakpoints';
import { EARLY_MONITORS_PATH, EARLY_PROFILE_PATH, peekEarlyResponse } from '@/lib/early-requests';
import { readImpersonating, readStoredToken } from '@/lib/stored-token';
import { readMonitorPage, readProfile } from './first-screen-data';
import { buildFirstScreen, FIRST_SCREEN_ITEM_HEIGHT } from './first-screen-markup';

/**
 * Draws a returning visitor's monitor list in plain DOM from the early calls' answers (issue 26),
 * before the app's code runs: React and Mantine take longer to evaluate than the whole budget of
 * the first item. Only on `/`, signed in with a verified key, not impersonating (the page has a
 * frame of its own then), with a list that has monitors; otherwise, or when an answer is not a
 * 2xx or not what it should be, nothing is drawn and the app starts as before — a 401 goes on to
 * sign-in through the app's own handling of the same answer.
 */

/** How long the first screen waits for the two answers before the app is started without it. */
export const FIRST_SCREEN_WAIT_MS = 3_000;
/** Items drawn past the bottom of the screen, as the React list's overscan. */
const OVERSCAN = 4;

export interface DrawFirstScreenOptions {
  win?: Window;
  waitMs?: number;
}

/** Whether the first screen was drawn (into `document.body`, over `#root`). */
export async function drawFirstScreen(options: DrawFirstScreenOptions = {}): Promise<boolean> {
  const { win = window, waitMs = FIRST_SCREEN_WAIT_MS } = options;
  const doc = win.document;
  if (win.location.pathname !== '/' || readImpersonating()) return false;
  const token = readStoredToken();
  const config = readInlineRuntimeConfig(doc) as { apiBaseUrl?: unknown; productName?: unknown } | null;
  if (!token || typeof config?.apiBaseUrl !== 'string' || typeof config.productName !== 'string') return false;
  const profileAnswer = peekEarlyResponse(apiUrl(config.apiBaseUrl, EARLY_PROFILE_PATH), token);
  const listAnswer = peekEarlyResponse(apiUrl(config.apiBaseUrl, EARLY_MONITORS_PATH), token);
  if (!profileAnswer || !listAnswer) return false;

  const bodies = await withinMs(Promise.all([jsonOf(profileAnswer), jsonOf(listAnswer)]), waitMs);
  if (!bodies) return false;
  const profile = readProfile(bodies[0]);
  const shown = Math.ceil(win.innerHeight / FIRST_SCREEN_ITEM_HEIGHT) + OVERSCAN;
  const page = readMonitorPage(bodies[1], shown);
  if (!profile || !page || page.total === 0) return false;

  const wide = win.matchMedia(WIDE_LAYOUT_QUERY).matches;
  doc.body.append(buildFirstScreen(doc, { productName: config.productName, profile, ...page, wide }));
  return true;
}

/** The body of a 2xx answer as JSON; null for any other answer or a body that is not JSON. */
async function jsonOf(answer: Promise<Response>): Promise<unknown> {
  try {
    const response = await answer;
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

/** What `promise` gives within `ms`, else null. */
function withinMs<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}

/**
 * Resolves once the first screen has been painted: after the next frame, then a task (the frame's
 * paint happens between them). At once in a hidden tab, which paints no frames.
 */
export function afterPaint(win: Window = window): Promise<void> {
  if (win.document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => win.requestAnimationFrame(() => setTimeout(resolve, 0)));
}
