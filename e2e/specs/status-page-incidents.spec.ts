import path from 'node:path';
import type { Page } from '@playwright/test';
import { verifiedUser } from '../support/accounts';
import { admin } from '../support/admin-cli';
import { database } from '../support/database';
import { linkIn, waitForMail } from '../support/mail';
import { atEachSize, shotsDir } from '../support/screenshots';
import { createMonitor, registerProbers, sessionKey } from '../support/seed-results';
import { createStatusPage, uniqueSlug } from '../support/status-pages';
import { expect, test } from '../support/test';

/**
 * Issue 16, the incident lifecycle: the owner opens an incident from the page's Incidents screen,
 * posts updates and resolves it, then writes a post-mortem; a signed-out visitor who subscribed
 * (double opt-in) sees it on top of the page — the open page updates by itself — then in the
 * history, and on the incident's own page; the subscriber gets one mail per update.
 */

const dir = process.env.SHOTS_DIR ?? shotsDir;

/** Picks an option of a dialog's select (Mantine's combobox). */
async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

async function postUpdate(page: Page, incidentTitle: string, state: string, body: string) {
  const card = page.getByTestId('incident').filter({ hasText: incidentTitle });
  await card.getByRole('button', { name: 'Post update' }).click();
  const dialog = page.getByRole('dialog');
  await choose(page, /State/, state);
  await dialog.getByRole('textbox', { name: /^Update/ }).fill(body);
  await dialog.getByRole('button', { name: 'Post update' }).click();
  await expect(dialog).toBeHidden();
}

test('an incident from opening to post-mortem, as its owner writes it and a subscribed visitor reads it', async ({
  page,
  browser,
}) => {
  test.setTimeout(540_000);
  const user = await verifiedUser(page, 'incidents');
  await admin('set-plan', user.email, 'Gold');
  const key = await sessionKey(user.email, user.password);
  const probers = await registerProbers(1, 'incidents');
  const shop = await createMonitor(key, probers, { alias: 'Shop' });
  const slug = uniqueSlug('incidents');
  const statusPage = await createStatusPage(key, {
    slug,
    title: 'Acme status',
    sections: [{ title: 'Services', monitors: [{ monitor: shop.id, public_name: 'Checkout', show_target: false }] }],
  });

  // A visitor, signed out in a context of their own, subscribes and confirms by mail.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const reader = `reader-${slug}@example.com`;
  await visitor.goto(`/status/${slug}`);
  await expect(visitor.getByText('No incidents in the last 90 days.')).toBeVisible();
  await visitor.getByRole('textbox', { name: 'Email' }).fill(reader);
  await visitor.getByRole('button', { name: 'Subscribe' }).click();
  await expect(visitor.getByText(/Check your inbox/)).toBeVisible();
  const confirmation = await waitForMail(reader, /Confirm your subscription to Acme status/);
  const confirmPage = await visitorContext.newPage();
  await confirmPage.goto(linkIn(confirmation, `${process.env.E2E_BASE_URL}/status/${slug}/subscription?`));
  await expect(confirmPage.getByText('You are subscribed to Acme status.')).toBeVisible();
  await confirmPage.close();

  // The owner opens an incident by hand; its Markdown's raw HTML stays text.
  await page.goto(`/status_pages/${statusPage.id}/incidents`);
  await page.getByRole('button', { name: 'Open incident' }).click();
  const open = page.getByRole('dialog');
  await open.getByRole('textbox', { name: /Title/ }).fill('Checkout errors');
  await open
    .getByRole('textbox', { name: /What is known/ })
    .fill('**Payments** fail for some cards. <img src=x onerror=alert(1)>');
  await choose(page, /Affected monitors/, 'Checkout');
  // A multi-select stays open after a pick, over the dialog's buttons: a click on the heading closes it.
  await open.getByRole('heading', { name: 'Open an incident' }).click();
  await open.getByRole('button', { name: 'Open incident' }).click();
  await expect(open).toBeHidden();
  await expect(page.getByTestId('incident').filter({ hasText: 'Checkout errors' })).toBeVisible();

  // The visitor's open page shows it by itself (it asks again every 30 s), on top.
  const active = visitor.getByRole('region', { name: 'Active incidents' });
  await expect(active).toContainText('Checkout errors', { timeout: 135_000 });
  await expect(active).toContainText('Investigating');
  await expect(visitor.getByText('Some systems are not working as they should')).toBeVisible();
  await expect(active).toContainText('Affected: Checkout');
  await expect(active.locator('strong', { hasText: 'Payments' })).toBeVisible();
  await expect(active).toContainText('<img src=x onerror=alert(1)>');
  await expect(active.locator('img')).toHaveCount(0);
  await atEachSize(visitor, async (size) => {
    await visitor.screenshot({ path: path.join(dir, `status-page-incident-active-${size.name}.png`), fullPage: true });
  });

  await postUpdate(page, 'Checkout errors', 'Identified', 'A card processor times out.');
  await postUpdate(page, 'Checkout errors', 'Resolved', 'Payments go through again.');
  const card = page.getByTestId('incident').filter({ hasText: 'Checkout errors' });
  await card.getByRole('button', { name: 'Write post-mortem' }).click();
  const postmortem = page.getByRole('dialog');
  await postmortem.getByRole('textbox', { name: /Post-mortem/ }).fill('The processor changed its **certificate**.');
  await postmortem.getByRole('button', { name: 'Save post-mortem' }).click();
  await expect(postmortem).toBeHidden();

  // Resolved: no longer on top, in the history of today, with its post-mortem.
  await visitor.reload();
  const history = visitor.getByRole('region', { name: 'Past incidents' });
  await expect(history).toContainText('Checkout errors');
  await expect(visitor.getByRole('region', { name: 'Active incidents' })).toHaveCount(0);
  await expect(visitor.getByText('All systems operational')).toBeVisible();
  await expect(history).toContainText('Resolved');
  await expect(history).toContainText('Post-mortem available');
  await history.getByRole('link', { name: 'Checkout errors' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/status/${slug}/incidents/\\d+$`));
  await expect(visitor.getByText('A card processor times out.')).toBeVisible();
  await expect(visitor.getByText('Payments go through again.')).toBeVisible();
  await expect(visitor.locator('.sp-postmortem strong', { hasText: 'certificate' })).toBeVisible();
  await atEachSize(visitor, async (size) => {
    await visitor.screenshot({ path: path.join(dir, `status-page-incident-page-${size.name}.png`), fullPage: true });
  });
  await visitor.emulateMedia({ colorScheme: 'dark' });
  await atEachSize(visitor, async (size) => {
    await visitor.screenshot({
      path: path.join(dir, `status-page-incident-page-dark-${size.name}.png`),
      fullPage: true,
    });
  });

  // One mail per update to the confirmed subscriber, each with its unsubscribe link.
  for (const state of ['Investigating', 'Identified', 'Resolved']) {
    const mail = await waitForMail(reader, new RegExp(`\\[Acme status\\] Checkout errors: ${state}`));
    expect(mail.text).toContain('/subscription?unsubscribe=');
  }
  await visitorContext.close();
});

test('the owner pages through a page’s subscribers, searches them and filters by state', async ({ page }) => {
  test.setTimeout(360_000);
  const user = await verifiedUser(page, 'subscriber-list');
  await admin('set-plan', user.email, 'Enterprise');
  const key = await sessionKey(user.email, user.password);
  const probers = await registerProbers(1, 'subscriber-list');
  const shop = await createMonitor(key, probers, { alias: 'Shop' });
  const statusPage = await createStatusPage(key, {
    slug: uniqueSlug('subscribers'),
    title: 'Acme status',
    sections: [{ title: 'Services', monitors: [{ monitor: shop.id, public_name: 'Checkout', show_target: false }] }],
  });
  // 2,500 confirmed and 40 waiting readers, written straight to the table (subscribing is another spec's).
  const db = await database();
  try {
    await db.query(
      `INSERT INTO status_page_subscribers (page_id, email, confirm_sent_at, confirmed_at)
       SELECT $1, 'reader' || g || '@acme-customers.example', now(), now() FROM generate_series(1, 2500) g`,
      [statusPage.id],
    );
    await db.query(
      `INSERT INTO status_page_subscribers (page_id, email, confirm_sent_at)
       SELECT $1, 'pending' || g || '@new-customers.example', now() FROM generate_series(1, 40) g`,
      [statusPage.id],
    );
  } finally {
    await db.end();
  }

  await page.goto(`/status_pages/${statusPage.id}/incidents`);
  const section = page.getByRole('region', { name: 'Subscribers' });
  await expect(section).toContainText('2,540 subscribers · 2,500 confirmed, 40 waiting');
  await expect(section.getByTestId('subscriber')).toHaveCount(20);
  await expect(section.getByTestId('subscriber').first()).toContainText('pending40@new-customers.example');
  await section.getByRole('button', { name: 'Page 2' }).click();
  await expect(section.getByTestId('subscriber').first()).toContainText('pending20@new-customers.example');
  await section.getByRole('button', { name: 'Page 127' }).click();
  await expect(section.getByTestId('subscriber').last()).toContainText('reader1@acme-customers.example');
  await section.locator('label', { hasText: /^Waiting$/ }).click();
  await expect(section).toContainText('40 matches · of 2,500 confirmed, 40 waiting');
  await expect(section.getByRole('button', { name: 'Page 2' })).toBeVisible();
  await section.locator('label', { hasText: /^All$/ }).click();
  await section.getByRole('textbox', { name: 'Search' }).fill('reader25');
  await expect(section).toContainText('12 matches · of 2,500 confirmed, 40 waiting');
  await expect(section.getByTestId('subscriber')).toHaveCount(12);
  await section.getByRole('textbox', { name: 'Search' }).fill('reader1');
  await expect(section).toContainText('1,111 matches');
  await atEachSize(page, async (size) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(dir, `status-page-subscribers-${size.name}.png`), fullPage: true });
  });
  await section.getByRole('textbox', { name: 'Search' }).fill('100%_');
  await expect(section).toContainText('No subscriber matches.');
});
