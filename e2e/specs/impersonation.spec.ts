import type { Page } from '@playwright/test';
import { logIn, logOut, uniqueEmail, verifiedUser } from '../support/accounts';
import { admin } from '../support/admin-cli';
import { sessionKey } from '../support/api';
import { expect, test } from '../support/test';

/** A customer and a staff member, and a fresh single-use link for the staff member to act as the customer. */
async function staffAndLink(page: Page, name: string) {
  const customer = await verifiedUser(page, `${name}-customer`);
  await logOut(page);
  const staffEmail = uniqueEmail(`${name}-staff`);
  await admin('create-staff', staffEmail, '--password', 'staff password');
  const link = (await admin('impersonate', customer.email, '--staff', staffEmail)).split('\n')[0] ?? '';
  expect(link).toContain('/impersonate?token=');
  return { customer, staffEmail, link };
}

async function signedInEmail(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'User menu' }).click();
  const email = (await page.getByRole('menu').locator('.mantine-Menu-label').first().innerText()).trim();
  await page.keyboard.press('Escape');
  return email;
}

test.use({
  allowedConsoleErrors: [
    { pattern: /status of 400.*\/api\/v1\/users\/impersonate/, reason: 'the spec follows a used link on purpose' },
  ],
});

test('a staff link signs in as the user, with a red border; Exit Impersonation returns to the staff session', async ({
  page,
}) => {
  const { customer, staffEmail, link } = await staffAndLink(page, 'imp');
  // The staff member is signed in as themselves in this browser, then follows the link.
  await logIn(page, staffEmail, 'staff password');
  await expect(page).toHaveURL(/\/$/);
  const staffKey = await sessionKey(page);

  await page.goto(link);
  await expect(page).toHaveURL(/\/$/);
  const exit = page.getByRole('button', { name: 'Exit Impersonation' });
  await expect(exit).toBeVisible();
  expect(await signedInEmail(page)).toBe(customer.email);
  const impersonationKey = await sessionKey(page);
  expect(impersonationKey).not.toBe(staffKey);
  const border = await page.evaluate(() => {
    const frame = [document.body, ...document.body.querySelectorAll('*')].find((element) =>
      getComputedStyle(element).borderTopColor.match(/rgb\((2[0-5]\d|1[5-9]\d), \d{1,2}, \d{1,2}\)/),
    );
    return frame ? getComputedStyle(frame).borderTopWidth : null;
  });
  expect(border, 'a red border around the app').not.toBeNull();

  await exit.click();
  // Back in the staff member's own session, not signed out.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Exit Impersonation' })).toHaveCount(0);
  await expect(page.getByTestId('impersonation-frame')).toHaveCount(0);
  expect(await signedInEmail(page)).toBe(staffEmail);
  expect(await sessionKey(page)).toBe(staffKey);
  // The impersonation session is revoked on the server; the staff one still works.
  const asCustomer = await page.request.get('/api/v1/users/profile', {
    headers: { Authorization: `Token ${impersonationKey}` },
  });
  expect(asCustomer.status()).toBe(401);
  const asStaff = await page.request.get('/api/v1/users/profile', { headers: { Authorization: `Token ${staffKey}` } });
  expect((await asStaff.json()).email).toBe(staffEmail);

  // Single use: the same link does not sign in again.
  await page.goto(link);
  await expect(page.getByText('Impersonation failed')).toBeVisible();
});

test('without a staff session in the browser, Exit Impersonation leads to /login', async ({ page }) => {
  const { link } = await staffAndLink(page, 'imp-bare');
  await page.goto(link);
  const exit = page.getByRole('button', { name: 'Exit Impersonation' });
  await expect(exit).toBeVisible();
  const impersonationKey = await sessionKey(page);
  await exit.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Exit Impersonation' })).toHaveCount(0);
  const revoked = await page.request.get('/api/v1/users/profile', {
    headers: { Authorization: `Token ${impersonationKey}` },
  });
  expect(revoked.status()).toBe(401);
});
