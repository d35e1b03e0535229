import type { Page } from '@playwright/test';
import { logIn, uniqueEmail, verifiedUser } from '../support/accounts';
import { sessionKey } from '../support/api';
import { linkIn, waitForMail } from '../support/mail';
import { shootAtEachSize } from '../support/screenshots';
import { expect, test } from '../support/test';

/** A second account made through the API; returns its email and session key. */
async function otherAccount(page: Page, prefix: string): Promise<{ email: string; key: string }> {
  const email = uniqueEmail(prefix);
  const response = await page.request.post('/api/v1/users/register', {
    data: { email, password: 'another long password' },
  });
  expect(response.ok()).toBe(true);
  return { email, key: ((await response.json()) as { key: string }).key };
}

const menuShows = async (page: Page, email: string) => {
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu').getByText(email)).toBeVisible();
  await page.keyboard.press('Escape');
};

test('a sign-in link for another account asks before switching, and leaves the address bar', async ({ page }) => {
  const ana = await verifiedUser(page, 'switch-ana');
  const bob = await otherAccount(page, 'switch-bob');

  await page.goto(`/settings?auth=${bob.key}`);
  const dialog = page.getByRole('dialog', { name: 'Switch account?' });
  await expect(dialog).toContainText(`You are signed in as ${ana.email}. Continue as ${bob.email}?`);
  await expect(page).toHaveURL(/\/settings$/);
  await shootAtEachSize(page, 'account-switch-question');
  await dialog.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(dialog).toBeHidden();
  await menuShows(page, ana.email);
  await page.reload();
  await expect(page.getByRole('dialog')).toBeHidden();
  await menuShows(page, ana.email);

  await page.goto(`/?auth=${bob.key}`);
  await page.getByRole('button', { name: 'Switch account' }).click();
  // Bob has not verified his email yet: the guards take him there.
  await expect(page).toHaveURL(/\/verify_email$/);
  await expect(page.getByText(bob.email)).toBeVisible();
});

test('changing the email: password asked, confirmed from the new address, old address told', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 400.*\/api\/v1\/users\/profile/, 'the spec gives a wrong password on purpose');
  const user = await verifiedUser(page, 'change-old');
  const newEmail = uniqueEmail('change-new');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);

  await page.getByLabel('New email').fill(newEmail);
  await page.getByLabel('Current password').first().fill('not my password');
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText('The password is not correct.')).toBeVisible();

  await page.getByLabel('Current password').first().fill(user.password);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText(`We sent a confirmation link to ${newEmail}.`)).toBeVisible();
  await shootAtEachSize(page, 'account-email-pending');
  await waitForMail(user.email, /email is changing/);

  const mail = await waitForMail(newEmail, /Confirm your new email/);
  await page.goto(linkIn(mail, `${process.env.E2E_BASE_URL}/confirm_email?`));
  await expect(page.getByText(`You now sign in with ${newEmail}.`)).toBeVisible();
  await page.getByRole('link', { name: 'Go to dashboard' }).click();
  await menuShows(page, newEmail);
});

test('sign out everywhere ends the other browser’s session too', async ({ page, browser, consoleGuard }) => {
  consoleGuard.allow(
    /status of 401.*\/api\/v1\/(users\/profile|monitors\/)/,
    'the other browser’s key is ended on purpose: its next calls (the profile, and the list the page asks for beside it) are refused',
  );
  const user = await verifiedUser(page, 'everywhere');
  const other = await browser.newContext();
  consoleGuard.watch(other);
  const otherPage = await other.newPage();
  await logIn(otherPage, user.email, user.password);
  await expect(otherPage).toHaveURL(/\/$/);
  const otherKey = await sessionKey(otherPage);

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const refused = await otherPage.request.get('/api/v1/users/profile', {
    headers: { Authorization: `Token ${otherKey}` },
  });
  expect(refused.status()).toBe(401);
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login$/);
  await other.close();
});
