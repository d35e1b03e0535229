import { signUp, uniqueEmail, verifiedUser } from '../support/accounts';
import { waitForQuietNetwork } from '../support/quiet-network';
import { shootAtEachSize as shoot, shotPath } from '../support/screenshots';
import { expect, test } from '../support/test';

/**
 * Every Foundation screen at desktop and phone widths against the real server, saved under
 * e2e/screenshots/ to be looked at. The assertions only make sure each screen has rendered.
 */
test('guest screens', async ({ page }) => {
  const screens: Array<[string, string, string]> = [
    ['login', '/login', 'Forget Password?'],
    ['signup', '/signup', 'Try it!'],
    ['forget-pass', '/forget_pass', 'Reset Password'],
    ['reset-password', '/reset_password?token=abc&email=someone%40example.test', 'Set new Password'],
    ['tos', '/tos', ''],
    ['not-found', '/nowhere', 'Page Not Found!'],
  ];
  for (const [name, url, text] of screens) {
    await page.goto(url);
    if (text) await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
    else await waitForQuietNetwork(page);
    await shoot(page, name);
  }
});

test('verify email screen', async ({ page }) => {
  await signUp(page, uniqueEmail('shot-unverified'), 'long enough pw');
  await expect(page.getByText("We've sent verification email. Please check your email.")).toBeVisible();
  await shoot(page, 'verify-email');
});

test('signed-in screens', async ({ page }) => {
  await verifiedUser(page, 'shots');
  await expect(page.getByText('No Monitors', { exact: true })).toBeVisible();
  await shoot(page, 'dashboard');

  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'LogOut' })).toBeVisible();
  await page.screenshot({ path: shotPath('user-menu-desktop') });
  await page.getByRole('menuitem', { name: 'Upgrade Plan' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByText('Enterprise').first()).toBeVisible();
  await shoot(page, 'plans');
  await page.keyboard.press('Escape');

  for (const [name, url] of [
    ['finance', '/finance'],
    ['settings', '/settings'],
  ] as const) {
    await page.goto(url);
    await waitForQuietNetwork(page);
    await shoot(page, name);
  }
});
