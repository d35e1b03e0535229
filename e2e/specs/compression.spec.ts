import fs from 'node:fs';
import path from 'node:path';
import { repositoryRoot } from '../support/server-process';
import { expect, test } from '../support/test';

/**
 * The web app reaches real Chromium as the build's brotli files: the very bytes written beside each
 * asset at build (same length), not a compression made at request time.
 */
test('the app loads its assets as the brotli files built beside them', async ({ page }) => {
  const distDir = path.resolve(repositoryRoot, process.env.E2E_WEB_DIST_DIR ?? 'apps/web/dist');
  const assets: Array<{ url: string; headers: Record<string, string> }> = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname.startsWith('/assets/')) {
      assets.push({ url: response.url(), headers: await response.allHeaders() });
    }
  });
  await page.goto('/');
  await expect.poll(() => assets.filter((asset) => asset.url.endsWith('.js')).length).toBeGreaterThan(0);
  for (const asset of assets.filter((each) => each.url.endsWith('.js'))) {
    const built = path.join(distDir, `${new URL(asset.url).pathname}.br`);
    expect(asset.headers['content-encoding'], asset.url).toBe('br');
    expect(Number(asset.headers['content-length']), asset.url).toBe(fs.statSync(built).size);
  }
});
