import type { StatusPage } from '../../packages/contracts/src/status-pages';
import { createStatusPage, sectionsOf, statusPageOwner, uniqueSlug } from '../support/status-pages';
import { expect, test } from '../support/test';

/** A protected status page, as a signed-out visitor sees it. */

test.describe.configure({ mode: 'serial' });

let locked: StatusPage;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(360_000);
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

for (const width of [1280, 390]) {
  test(`at ${width} px the Unlock button sits beside the password field or just under it`, async ({
    page,
    consoleGuard,
  }, testInfo) => {
    consoleGuard.allow(/status of 401/, 'a locked page answers 401 until unlocked');
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/status/${locked.slug}`);
    const field = page.getByLabel('Password');
    const button = page.getByRole('button', { name: 'Unlock' });
    await expect(field).toBeVisible();
    const input = await field.boundingBox();
    const unlock = await button.boundingBox();
    if (!input || !unlock) throw new Error('the field or the button has no box');
    await page.screenshot({ path: testInfo.outputPath(`locked-${width}.png`), fullPage: true });
    const beside =
      unlock.x >= input.x + input.width && Math.abs(unlock.y + unlock.height / 2 - (input.y + input.height / 2)) <= 4;
    const under = unlock.y >= input.y + input.height && unlock.y - (input.y + input.height) <= 16;
    expect(beside || under, `input ${JSON.stringify(input)}, button ${JSON.stringify(unlock)}`).toBe(true);
    // Inside the page, never past its right edge.
    expect(unlock.x + unlock.width).toBeLessThanOrEqual(width);
  });
}
