import type { Page, Request } from '@playwright/test';

/** Requests that never end by design: the live updates' Server-Sent Events streams (issue 15). */
const STREAM = /\/api\/v1\/live\//;

/**
 * Waits until the page has had no request in flight for `quietMs`, its live stream aside. Playwright's
 * 'networkidle' never comes on a page that holds a stream open, as every signed-in page and shared
 * page now does. Call it right after a navigation; requests already finished are not waited for.
 */
export async function waitForQuietNetwork(page: Page, quietMs = 500, timeoutMs = 90_000): Promise<void> {
  const inFlight = new Set<Request>();
  const started = (request: Request) => {
    if (!STREAM.test(request.url())) inFlight.add(request);
  };
  const ended = (request: Request) => inFlight.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.waitForLoadState('load');
    const deadline = Date.now() + timeoutMs;
    let quietSince = Date.now();
    while (Date.now() - quietSince < quietMs) {
      if (Date.now() > deadline)
        throw new Error(
          `requests still in flight after ${timeoutMs} ms: ${[...inFlight].map((r) => r.url()).join(', ')}`,
        );
      await page.waitForTimeout(50);
      if (inFlight.size > 0) quietSince = Date.now();
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
