import type { Page } from '@playwright/test';
import { logIn, logOut, verifiedUser } from '../support/accounts';
import { atEachSize, shootAtEachSize, shotPath } from '../support/screenshots';
import { expect, test } from '../support/test';

const profileWith = (page: Page, token: string) =>
  page.request.get('/api/v1/users/profile', { headers: { Authorization: `Bearer ${token}` } });

async function openAccount(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
}

async function createToken(page: Page, name: string): Promise<string> {
  await page.getByLabel('Token name').fill(name);
  await page.getByRole('combobox', { name: 'Scope' }).click();
  await page.getByRole('option', { name: 'Read and write' }).click();
  await page.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByTestId('new-api-token');
  await expect(shown).toHaveText(/^pdr_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText('Copy it now: it will not be shown again.')).toBeVisible();
  return (await shown.textContent()) ?? '';
}

test('a token made on the Account page works, survives logging out, and is refused once revoked', async ({ page }) => {
  const user = await verifiedUser(page, 'api-token');
  await openAccount(page);
  const token = await createToken(page, 'e2e deploy script');
  await shootAtEachSize(page, 'api-tokens-created');

  const profile = await profileWith(page, token);
  expect(profile.status()).toBe(200);
  expect((await profile.json()).email).toBe(user.email);
  const monitors = await page.request.get('/api/v1/monitors/', { headers: { Authorization: `Bearer ${token}` } });
  expect(monitors.status()).toBe(200);

  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('new-api-token')).toBeHidden();
  const row = page.getByTestId('api-token').filter({ hasText: 'e2e deploy script' });
  await expect(row).toContainText('Read and write');
  // The token was used above: the list says when (written at most once a minute).
  await page.reload();
  await expect(row).not.toContainText('Last used never');
  await expect(page.getByText(token)).toBeHidden();

  await logOut(page);
  expect((await profileWith(page, token)).status()).toBe(200);

  await logIn(page, user.email, user.password);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/account');
  await shootAtEachSize(page, 'api-tokens-list');
  await page.getByRole('button', { name: 'Revoke e2e deploy script' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke API token' });
  await expect(dialog).toContainText('Revoke “e2e deploy script”?');
  await shootAtEachSize(page, 'api-tokens-revoke');
  await dialog.getByRole('button', { name: 'Revoke token' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No API tokens yet.')).toBeVisible();

  const refused = await profileWith(page, token);
  expect(refused.status()).toBe(401);
});

test('Swagger UI’s Authorize takes a token and "Try it out" succeeds with it', async ({ page }) => {
  const { email } = await verifiedUser(page, 'api-docs');
  await openAccount(page);
  const token = await createToken(page, 'swagger');

  await page.goto('/api/docs');
  await page
    .getByRole('button', { name: /Authorize/ })
    .first()
    .click();
  const auth = page.locator('.modal-ux');
  // Two schemes are offered: the session key (apiKey) and the API token (HTTP bearer).
  await auth.getByRole('textbox', { name: 'auth-bearer-value' }).fill(token);
  await auth.getByRole('button', { name: 'Apply credentials' }).nth(1).click();
  await expect(auth.getByRole('button', { name: 'Remove authorization' })).toBeVisible();
  await auth.getByRole('button', { name: 'Close' }).first().click();

  const operation = page.locator('#operations-users-getProfile');
  await operation.locator('.opblock-summary').click();
  await operation.getByRole('button', { name: 'Try it out' }).click();
  await operation.getByRole('button', { name: 'Execute' }).click();
  // The server's answer: 200 and the token owner's profile; the curl line shows the scheme sent.
  await expect(operation.locator('.live-responses-table td.response-col_status:not(.col_header)')).toHaveText('200');
  await expect(operation.locator('.live-responses-table td.response-col_description:not(.col_header)')).toContainText(
    email,
  );
  await expect(operation.locator('.curl-command')).toContainText(`Authorization: Bearer ${token}`);
  // The whole document is metres long: the operation alone is what there is to look at.
  await atEachSize(page, async (size) => {
    await operation.screenshot({ path: shotPath(`api-docs-try-it-out-${size.name}`) });
  });
});
