import { logIn, logOut, signUp, uniqueEmail, verifyByMail } from '../support/accounts';
import { loginAsGuest } from '../support/guest';
import { linkIn, waitForMail } from '../support/mail';
import { expect, test } from '../support/test';

const noMonitors = 'You have no monitors in your list. Please add a new monitor';

test('sign up, verify by the mailed link, log out and log in again', async ({ page }) => {
  const email = uniqueEmail('signup');
  await signUp(page, email, 'correct horse battery');
  await expect(page.getByText("We've sent verification email. Please check your email.")).toBeVisible();

  await verifyByMail(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(noMonitors)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Monitor' })).toBeEnabled();

  await logOut(page);
  await logIn(page, email, 'correct horse battery');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(noMonitors)).toBeVisible();
});

test("a wrong password shows the spec's text and stays on /login", async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 400.*\/api\/v1\/users\/login/, 'the spec signs in with a wrong password on purpose');
  await logIn(page, 'nobody-at-all@example.test', 'not the password');
  await expect(page.getByText('No user with username/password entered found!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('signup validation toasts', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Fill all the fields')).toBeVisible();
  await page.getByLabel('Email').fill(uniqueEmail('mismatch'));
  await page.getByLabel('Password', { exact: true }).fill('first password');
  await page.getByLabel('Repeat Password').fill('second password');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Passwords does not match')).toBeVisible();
  await page.getByLabel('Repeat Password').fill('first password');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Terms of service must be accepted')).toBeVisible();
});

test('forgot password: the mailed link sets a new password that logs in', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 400.*\/api\/v1\/users\/login/, 'the spec signs in with a wrong password on purpose');
  const email = uniqueEmail('forgot');
  await signUp(page, email, 'the old password');
  await verifyByMail(page, email);
  await logOut(page);

  await page.getByRole('link', { name: 'Forget Password?' }).click();
  await expect(page).toHaveURL(/\/forget_pass$/);
  // The address changes before the lazily loaded page replaces the login form, whose Email field
  // would otherwise take the text and leave the reset form's empty (the browser then blocks submit).
  await expect(page.getByRole('heading', { name: 'Forget Password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('We send you a reset password link')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  const mail = await waitForMail(email, /Reset your/);
  await page.goto(linkIn(mail, `${process.env.E2E_BASE_URL}/reset_password?`));
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('New Password').fill('short');
  await page.getByLabel('Confirm Password').fill('short');
  await page.getByRole('button', { name: 'Set new Password' }).click();
  await expect(page.getByText('Your password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('New Password').fill('the new password');
  await page.getByLabel('Confirm Password').fill('the new password');
  await page.getByRole('button', { name: 'Set new Password' }).click();
  await expect(page.getByText('Your password successfully changed!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await logOut(page);
  await logIn(page, email, 'the old password');
  await expect(page.getByText('No user with username/password entered found!')).toBeVisible();
  await logIn(page, email, 'the new password');
  await expect(page).toHaveURL(/\/$/);
});

test('login as guest opens the demo account', async ({ page }) => {
  await loginAsGuest(page);
  // The demo account shows its generated monitors (the tour, e2e/specs/demo-tour.spec.ts).
  await expect(page.getByText('HTTP:Shop', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu').getByText('demo@paydar.local')).toBeVisible();
});

test('/guest starts a demo session directly', async ({ page }) => {
  await page.goto('/guest');
  // The dashboard; on a wide screen it opens the demo's newest monitor at once.
  await expect(page).toHaveURL(/\/(monitor\/\d+)?$/);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
});
