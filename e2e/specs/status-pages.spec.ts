import path from 'node:path';
import type { Page } from '@playwright/test';
import { verifiedUser } from '../support/accounts';
import { loopbackTarget } from '../support/loopback-target';
import { createMonitor } from '../support/monitors';
import { atEachSize, shotsDir } from '../support/screenshots';
import { expect, test } from '../support/test';

/**
 * Issue 16, the owner's status-page screens: on the Free plan (one page) a user makes a page with
 * two sections from the Status pages screen, sees Add disabled at the limit, edits the page, reads
 * the public answer (public names, no addresses), and deletes it. Screenshots of the list and the
 * editor at desktop and phone widths (SHOTS_DIR, else e2e/screenshots), each checked for
 * horizontal overflow.
 */

const target = loopbackTarget('/status-pages');
const dir = process.env.SHOTS_DIR ?? shotsDir;

/** Saves the page at each size, after checking that nothing is wider than the window. */
async function shoot(page: Page, name: string) {
  await atEachSize(page, async (size) => {
    await page.waitForTimeout(300);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${size.name}: wider than the window`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(dir, `status-pages-${name}-${size.name}.png`), fullPage: true });
  });
}

type PublicPage = {
  title: string;
  sections: Array<{ title: string; monitors: Array<{ public_name: string; target: string | null }> }>;
};

test('make a page with two sections, see the limit, edit it, read it as a visitor, delete it', async ({ page }) => {
  test.setTimeout(360_000);
  await verifiedUser(page, 'status-pages');
  await createMonitor(page, { url: `${target.url}/shop`, alias: 'shop' });
  // No alias: the owner knows it by its URL, which must not become its public name.
  await createMonitor(page, { url: `${target.url}/api` });

  await page.goto('/');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Status pages' }).click();
  await expect(page).toHaveURL(/\/status_pages$/);
  await expect(page.getByText('No status pages yet')).toBeVisible();
  await expect(page.getByText('0 of 1 page')).toBeVisible();
  await shoot(page, 'empty');

  await page.getByRole('link', { name: 'Add status page' }).click();
  await expect(page).toHaveURL(/\/status_pages\/new$/);
  const slug = `acme-${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Address' }).fill(slug);
  await expect(page.getByTestId('status-page-address-preview')).toContainText(`/status/${slug}`);
  await page.getByRole('textbox', { name: 'Title' }).fill('Acme status');
  await page.getByRole('textbox', { name: 'Description' }).fill('How our shop and API are doing.');

  await page.getByRole('combobox', { name: 'Add a monitor to section Services' }).click();
  await page.getByRole('option', { name: 'HTTP:shop' }).click();
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.getByRole('textbox', { name: 'Section 2' }).fill('Platform');
  await page.getByRole('combobox', { name: 'Add a monitor to section Platform' }).click();
  await page.getByRole('option', { name: `${target.url}/api` }).click();
  const publicNames = page.getByRole('textbox', { name: 'Public name' });
  await expect(publicNames).toHaveCount(2);
  await expect(publicNames.nth(1)).toHaveValue('HTTP monitor');
  await publicNames.nth(1).fill('Public API');
  await page.getByRole('textbox', { name: 'Custom domain' }).fill('status.acme.example');
  await expect(page.getByTestId('custom-domain-steps')).toContainText('status.acme.example CNAME');
  await page.getByRole('textbox', { name: 'Custom domain' }).fill('');
  await shoot(page, 'editor');

  await page.getByRole('button', { name: 'Create page' }).click();
  await expect(page).toHaveURL(/\/status_pages$/);
  const card = page.getByTestId('status-page');
  await expect(card).toContainText('Acme status');
  await expect(card).toContainText('2 monitors · 2 sections');
  await expect(card.getByRole('link', { name: new RegExp(`/status/${slug}`) })).toHaveAttribute('target', '_blank');

  // The Free plan allows one page: Add is disabled, with the reason.
  await expect(page.getByText('1 of 1 page')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add status page' })).toHaveAttribute('data-disabled', 'true');
  await expect(page.getByTestId('status-page-limit-reason')).toHaveText("You can't add more than 1 status page");
  await shoot(page, 'list');

  await card.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/status_pages\/\d+$/);
  await page.getByRole('textbox', { name: 'Title' }).fill('Acme status, edited');
  await page.getByRole('textbox', { name: 'Section 1' }).fill('Shop');
  await page.getByRole('button', { name: 'Move section Platform up' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/status_pages$/);
  await expect(card).toContainText('Acme status, edited');

  // What a visitor reads: the public names in the new order, never an address.
  const answer = await page.request.get(`/api/v1/public/status_pages/${slug}`);
  expect(answer.status()).toBe(200);
  const text = await answer.text();
  const visible = JSON.parse(text) as PublicPage;
  expect(visible.title).toBe('Acme status, edited');
  expect(visible.sections.map((section) => section.title)).toEqual(['Platform', 'Shop']);
  expect(visible.sections.map((section) => section.monitors.map((monitor) => monitor.public_name))).toEqual([
    ['Public API'],
    ['shop'],
  ]);
  expect(visible.sections.flatMap((section) => section.monitors.map((monitor) => monitor.target))).toEqual([
    null,
    null,
  ]);
  expect(text).not.toContain(target.url);

  await card.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete status page' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No status pages yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add status page' })).not.toHaveAttribute('data-disabled', 'true');
  expect((await page.request.get(`/api/v1/public/status_pages/${slug}`)).status()).toBe(404);
});
