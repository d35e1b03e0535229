import type { StatusPage } from '../../packages/contracts/src/status-pages';
import { createStatusPage, sectionsOf, statusPageOwner, uniqueSlug } from '../support/status-pages';
import { expect, test } from '../support/test';

/** A protected status page, as a signed-out visitor sees it. */

test.describe.configure({ mode: 'serial' });

let locked: StatusPage;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await statusPageOwner(browser, 'status-access');
  locked = await createStatusPage(owner.key, {
    slug: uniqueSlug('locked'),
    title: 'Internal status',
    password: 'correct horse',
    sections: sectionsOf(owner),
  });
});

test('a protected page asks for the password: a wrong one is refused, the right one opens it for the tab', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 401/, 'a locked page answers 401 until unlocked');
  consoleGuard.allow(/status of 400/, 'the spec types a wrong password first, on purpose');
  await page.goto(`/status/${locked.slug}`);
  await expect(page.getByRole('heading', { name: 'This status page is protected' })).toBeVisible();
  await expect(page.locator('.sp-bar')).toHaveCount(0);

  await page.getByLabel('Password').fill('wrong horse');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong password.');

  await page.getByLabel('Password').fill('correct horse');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('heading', { name: 'Internal status' })).toBeVisible();
  await expect(page.locator('.sp-bar')).toHaveCount(180);

  // The token is kept for this tab: a reload opens the page at once.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Internal status' })).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveCount(0);
});
