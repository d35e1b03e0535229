import type { Locator, Page } from '@playwright/test';
import { logIn, logOut, signUp, uniqueEmail, verifiedUser } from '../support/accounts';
import { database } from '../support/database';
import { linkIn, waitForMail } from '../support/mail';
import { shotsDir } from '../support/screenshots';
import { expect, test } from '../support/test';

/**
 * Issue 15, point 5 in the browser: toasts that stay out of the way, verification links that say
 * why they no longer work, a dark mode, and a favicon. (Exit Impersonation: impersonation.spec.ts.)
 */

const toasts = (page: Page) => page.locator('.mantine-Notification-root');

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The buttons of `dialog` that a toast lies over. */
async function coveredButtons(toast: Locator, dialog: Locator): Promise<string[]> {
  const toastBox = await toast.boundingBox();
  if (!toastBox) return [];
  const covered: string[] = [];
  for (const button of await dialog.getByRole('button').all()) {
    const box = await button.boundingBox();
    if (box && overlaps(toastBox, box))
      covered.push((await button.getAttribute('aria-label')) ?? (await button.innerText()));
  }
  return covered;
}

test('a toast never lies over a dialog’s buttons, on a desktop and on a phone', async ({ page }) => {
  await verifiedUser(page, 'toast-dialog');
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/');
    await page.getByRole('button', { name: 'Add Monitor' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Monitor' });
    await dialog.getByRole('button', { name: 'Add Monitor' }).click();
    const toast = toasts(page).filter({ hasText: 'Please fill all fields.' });
    await expect(toast).toBeVisible();
    expect(await coveredButtons(toast, dialog), `at ${size.width} px`).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }
});

test('a failed-login toast does not outlive the guest login, and toasts do not pile up', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 400.*\/api\/v1\/users\/login/, 'the spec signs in with a wrong password on purpose');
  await page.goto('/login');
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.getByLabel('Email').fill('nobody-at-all@example.test');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
  }
  await expect(toasts(page).first()).toBeVisible();
  // A replaced toast may still be fading out for a moment; then at most three stay.
  await expect.poll(() => toasts(page).count()).toBeLessThanOrEqual(3);

  await page.getByRole('link', { name: 'Login as Guest' }).click();
  await expect(page).toHaveURL(/\/(monitor\/\d+)?$/);
  await expect(toasts(page).filter({ hasText: 'No user with username/password entered found!' })).toHaveCount(0);
});

/** The newest verification link mailed to `email` that is not `previous`. */
async function newVerificationLink(email: string, previous?: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      link = linkIn(await waitForMail(email, /Verify your email/), `${process.env.E2E_BASE_URL}/verify_email?`);
      return link !== previous;
    })
    .toBe(true);
  return link;
}

test.describe('verification links', () => {
  test.beforeEach(({ consoleGuard }) => {
    consoleGuard.allow(
      /status of 400.*\/api\/v1\/users\/verify_email/,
      'the spec opens an expired and a used verification link on purpose',
    );
  });

  test('a used link says so, with Resend Email', async ({ page }) => {
    const email = uniqueEmail('used-link');
    await signUp(page, email, 'a long password');
    const link = await newVerificationLink(email);
    await page.goto(link);
    await expect(page).toHaveURL(/\/$/);
    await logOut(page);

    await page.goto(link);
    await expect(page.getByText('This verification link has already been used.')).toBeVisible();
    await expect(page.getByText("We've sent verification email. Please check your email.")).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Resend Email' })).toBeEnabled();
  });

  test('an expired link says so; Resend Email mails a new link that verifies', async ({ page }) => {
    const email = uniqueEmail('expired-link');
    await signUp(page, email, 'a long password');
    const link = await newVerificationLink(email);
    const db = await database();
    try {
      await db.query(
        `UPDATE email_tokens SET expires_at = now() - interval '1 minute'
          WHERE purpose = 'verify_email' AND user_id = (SELECT id FROM users WHERE email = $1)`,
        [email],
      );
    } finally {
      await db.end();
    }

    await page.goto(link);
    await expect(page.getByText('This verification link has expired.')).toBeVisible();
    await expect(page.getByText("We've sent verification email. Please check your email.")).toHaveCount(0);
    await page.getByRole('button', { name: 'Resend Email' }).click();
    await expect(page.getByText('Verification email has been sent.')).toBeVisible();

    const fresh = await newVerificationLink(email, link);
    await page.goto(fresh);
    await expect(page).toHaveURL(/\/$/);
  });
});

const colorScheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.mantineColorScheme);
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('dark mode follows the system until chosen; the choice is remembered, past a reload and a logout', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await expect.poll(() => colorScheme(page)).toBe('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => colorScheme(page)).toBe('light');

  const { email, password } = await verifiedUser(page, 'dark-mode');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menu').getByText('Dark', { exact: true }).click();
  await expect.poll(() => colorScheme(page)).toBe('dark');
  // Mantine's dark body colour (dark-7), not white.
  expect(await bodyBackground(page)).toBe('rgb(36, 36, 36)');
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  expect(await colorScheme(page)).toBe('dark');
  await logOut(page);
  expect(await colorScheme(page)).toBe('dark');

  await logIn(page, email, password);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menu').getByText('System', { exact: true }).click();
  await expect.poll(() => colorScheme(page)).toBe('light');
});

test('/favicon.ico is served, and the pages ask for no missing icon', async ({ page }) => {
  const icon = await page.request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toBe('image/x-icon');
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  expect(failed).toEqual([]);
});

// Beside the other specs' screens (not committed); MANNERS_SHOTS_DIR sends them elsewhere.
const SHOTS_DIR = process.env.MANNERS_SHOTS_DIR ?? shotsDir;
const SHOT_SIZES = [
  { name: '1280', width: 1280, height: 800 },
  { name: '390', width: 390, height: 844 },
] as const;

test('screens in light and dark, at 1280 and 390 px (saved to be looked at)', async ({ page }) => {
  test.setTimeout(540_000);
  await verifiedUser(page, 'shots');
  const probers = await (
    await page.request.get('/api/v1/probers/', {
      headers: { Authorization: `Token ${await page.evaluate(() => localStorage.getItem('paydar.token'))}` },
    })
  ).json();
  const key = await page.evaluate(() => localStorage.getItem('paydar.token'));
  const created = await page.request.post('/api/v1/monitors/', {
    headers: { Authorization: `Token ${key}` },
    data: {
      protocol_type: 'HTTP',
      url: `${process.env.E2E_BASE_URL}/healthz`,
      alias: 'Shop front',
      period: 300,
      apdex: 0.5,
      probers: probers.results.slice(0, 1).map((prober: { id: number }) => prober.id),
    },
  });
  expect(created.ok()).toBe(true);
  const monitorId = (await created.json()).id as number;

  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('paydar.color-scheme', value), scheme);
    for (const size of SHOT_SIZES) {
      await page.setViewportSize(size);
      for (const [name, path, ready] of [
        ['dashboard', '/', page.getByRole('button', { name: 'User menu' })],
        ['detail', `/monitor/${monitorId}`, page.getByText('Shop front').first()],
        ['account', '/account', page.getByRole('button', { name: 'Change email' })],
      ] as const) {
        await page.goto(path);
        await expect(ready).toBeVisible();
        await page.waitForTimeout(600);
        expect(await colorScheme(page)).toBe(scheme);
        await page.screenshot({ path: `${SHOTS_DIR}/${name}-${scheme}-${size.name}.png`, fullPage: true });
      }
      // The user menu with its theme toggle, and the add form with the plan's limits beside its fields.
      await page.goto('/');
      await page.getByRole('button', { name: 'User menu' }).click();
      await expect(page.getByRole('menu').getByText('System', { exact: true })).toBeVisible();
      await page.screenshot({ path: `${SHOTS_DIR}/user-menu-${scheme}-${size.name}.png` });
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Add Monitor' }).first().click();
      await expect(page.getByTestId('plan-usage')).toHaveText('1 of 5 monitors used on Free');
      await page.screenshot({ path: `${SHOTS_DIR}/add-monitor-${scheme}-${size.name}.png` });
      await page.keyboard.press('Escape');
    }
  }
  await logOut(page);
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('paydar.color-scheme', value), scheme);
    for (const size of SHOT_SIZES) {
      await page.setViewportSize(size);
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SHOTS_DIR}/login-${scheme}-${size.name}.png`, fullPage: true });
    }
  }
});
