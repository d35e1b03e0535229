import path from 'node:path';
import type { Page } from '@playwright/test';

/** Where the specs save their screenshots, to be looked at. */
export const shotsDir = path.resolve(import.meta.dirname, '../screenshots');

/** The sizes every screen is shot at: a desktop window, then a phone. */
export const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
export type ShotSize = (typeof sizes)[number];

/** The file a screenshot called `name` goes to. */
export const shotPath = (name: string) => path.join(shotsDir, `${name}.png`);

/** Runs `each` with the page at each size in turn, then puts the page back at the desktop size. */
export async function atEachSize(page: Page, each: (size: ShotSize) => Promise<void>) {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await each(size);
  }
  await page.setViewportSize(sizes[0]);
}

/** Saves the whole page as `<name>-<size>.png` at each size, `settleMs` after each resize. */
export async function shootAtEachSize(page: Page, name: string, settleMs = 150) {
  await atEachSize(page, async (size) => {
    await page.waitForTimeout(settleMs);
    await page.screenshot({ path: shotPath(`${name}-${size.name}`), fullPage: true });
  });
}
