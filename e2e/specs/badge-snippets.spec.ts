import type { Locator, Page } from '@playwright/test';
import { verifiedUser } from '../support/accounts';
import { createMonitor } from '../support/monitors';
import { atEachSize, shotPath } from '../support/screenshots';
import { expect, test } from '../support/test';

/**
 * The Share popup's badge snippets (issue 16, point 5): every preview loads, Copy puts the
 * snippet's exact text on the clipboard, and each URL in it answers an SVG to a signed-out request,
 * at desktop and phone width. A new user is on the Free plan: 7 days of history, so 7d, not 30d.
 */

const URL_IN_SNIPPET = /\((https?:\/\/[^)\s]+\.svg[^)\s]*)\)/g;

async function openShare(page: Page, monitorId: number): Promise<Locator> {
  await page.goto(`/monitor/${monitorId}`);
  await page.getByRole('region', { name: 'Monitor detail' }).getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share' });
  await expect(share.getByRole('textbox', { name: 'Badge Markdown' })).toBeVisible();
  return share;
}

test('the Share popup: badge previews load, Copy copies the exact snippet, its URLs answer SVG signed out', async ({
  page,
  context,
  playwright,
}) => {
  test.setTimeout(270_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await verifiedUser(page, 'badges');
  const created = await createMonitor(page, { url: 'http://127.0.0.1:9/', is_enabled: false });
  const signedOut = await playwright.request.newContext();
  try {
    await atEachSize(page, async (size) => {
      const share = await openShare(page, created.id);
      const images = share.getByRole('img', { name: / badge$/ });
      await expect(images).toHaveCount(3);
      for (const image of await images.all()) {
        await expect
          .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth), {
            message: `${await image.getAttribute('alt')} loads`,
          })
          .toBeGreaterThan(0);
      }
      for (const label of ['Badge Markdown', 'Badge HTML']) {
        const value = await share.getByRole('textbox', { name: label }).inputValue();
        await share.getByRole('button', { name: `Copy ${label}` }).click();
        await expect(share.getByRole('button', { name: `Copy ${label}` })).toHaveText('Copied!');
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
      }
      const markdown = await share.getByRole('textbox', { name: 'Badge Markdown' }).inputValue();
      expect(markdown).toContain('period=7d');
      expect(markdown).not.toContain('period=30d');
      const urls = [...markdown.matchAll(URL_IN_SNIPPET)].map((match) => match[1] as string);
      expect(urls).toHaveLength(3);
      for (const url of urls) {
        const response = await signedOut.get(url);
        expect(response.status(), url).toBe(200);
        expect(response.headers()['content-type']).toMatch(/^image\/svg\+xml/);
        expect(await response.text()).toMatch(/^<svg[\s>]/);
      }
      await page.waitForTimeout(200);
      await page.screenshot({ path: shotPath(`badge-snippets-${size.name}`) });
      await page.keyboard.press('Escape');
      await expect(share).toHaveCount(0);
    });
  } finally {
    await signedOut.dispose();
  }
});
