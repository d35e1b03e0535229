import fs from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/**
 * With `<BENCH>_TRACE=<dir>` set, a Chromium benchmark keeps what explains its figure: the page's
 * timeline (navigation, resources, long animation frames, paints: start, first byte, end, bytes)
 * as JSON and a sampled CPU profile (`.cpuprofile`, open it in Chromium's DevTools), per load.
 */
export interface PageTrace {
  start(): Promise<void>;
  /** Stops the profile and writes both files as `<dir>/<name>.timeline.json` and `.cpuprofile`. */
  save(name: string): Promise<void>;
}

const TIMELINE = `performance.getEntries().map((entry) => ({
  type: entry.entryType,
  name: entry.name.replace(location.origin, ''),
  start: Math.round(entry.startTime),
  firstByte: Math.round(entry.responseStart ?? 0),
  end: Math.round(entry.startTime + entry.duration),
  bytes: entry.transferSize ?? 0,
}))`;

export async function pageTrace(context: BrowserContext, page: Page, dir: string | undefined): Promise<PageTrace> {
  if (!dir) return { start: async () => undefined, save: async () => undefined };
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await fs.mkdir(dir, { recursive: true });
  return {
    async start() {
      await cdp.send('Profiler.start');
    },
    async save(name) {
      const { profile } = await cdp.send('Profiler.stop');
      await fs.writeFile(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
      await fs.writeFile(
        path.join(dir, `${name}.timeline.json`),
        JSON.stringify(await page.evaluate(TIMELINE), null, 1),
      );
    },
  };
}
