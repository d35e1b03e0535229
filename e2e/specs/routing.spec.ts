import { signUp, uniqueEmail, verifiedUser } from '../support/accounts';
import { expect, test } from '../support/test';

test('an unknown route shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByText('Page Not Found!')).toBeVisible();
  await page.getByRole('link', { name: 'Go Home Page' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('private routes send a signed-out visitor to /login', async ({ page }) => {
  for (const path of ['/', '/settings', '/finance', '/monitor/1']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('an unverified user is sent to /verify_email from private and public routes alike', async ({ page }) => {
  await signUp(page, uniqueEmail('unverified'), 'long enough pw');
  for (const path of ['/', '/settings', '/login', '/signup']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/verify_email/);
  }
  await page.getByRole('button', { name: 'Resend Email' }).click();
  await expect(page.getByText('Verification email has been sent.')).toBeVisible();
});

test('a verified user is sent from guest-only routes to /', async ({ page }) => {
  await verifiedUser(page, 'guard');
  for (const path of ['/login', '/signup', '/forget_pass']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
});

test('open pages stay open: terms of service in Persian, right to left', async ({ page }) => {
  await page.goto('/tos');
  await expect(page.locator('[dir="rtl"]').first()).toBeVisible();
});
