import type { Page } from '@playwright/test';
import type { StatusPage } from '../../packages/contracts/src/status-pages';
import { shootAtEachSize, shotPath } from '../support/screenshots';
import { createStatusPage, sectionsOf, statusPageOwner, uniqueSlug } from '../support/status-pages';
import { expect, test } from '../support/test';

/**
 * A visitor's status page (issue 16), signed out: English and Persian, at desktop and phone width,
 * light and dark, against monitors whose results went in through the agent API.
 */

test.describe.configure({ mode: 'serial' });

let english: StatusPage;
let persian: StatusPage;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(360_000);
  const owner = await statusPageOwner(browser, 'status-page');
  const sections = sectionsOf(owner);
  english = await createStatusPage(owner.key, {
    slug: uniqueSlug('acme'),
    title: 'Acme <i>status</i>',
    description: 'How our services are doing. <script>alert(1)</script>',
    language: 'en',
    show_response_times: true,
    sections,
  });
  persian = await createStatusPage(owner.key, {
    slug: uniqueSlug('fa'),
    title: 'وضعیت سرویس‌ها',
    description: 'وضعیت سرویس‌های ما در ۹۰ روز گذشته',
    language: 'fa',
    sections,
  });
});

const bars = (page: Page) => page.locator('.sp-bar');

test('an English page, signed out: banner, sections, 90 bars, a tooltip on hover', async ({ page }) => {
  await page.goto(`/status/${english.slug}`);
  await expect(page.getByText('All systems operational')).toBeVisible();
  await expect(page).toHaveTitle('Acme <i>status</i>');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acme <i>status</i>');
  await expect(page.getByText('How our services are doing. <script>alert(1)</script>')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Public site' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Back end' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'API <b>v2</b>' })).toBeVisible();
  // The website's URL is shown (show_target); the API's is not.
  await expect(page.locator('.sp-target')).toHaveCount(1);
  await expect(bars(page)).toHaveCount(180);
  await expect(page.locator('.sp-response-chart')).toHaveCount(2);
  // The app's own code stays away: no Mantine, no login.
  await expect(page.locator('[class*="mantine"]')).toHaveCount(0);

  // Two days ago the website was down for two hours: a red bar whose tooltip says so.
  const outageDay = page.getByRole('toolbar', { name: 'Daily uptime of Website' }).locator('.sp-bar').nth(87);
  await expect(outageDay).toHaveClass(/sp-level-major/);
  await outageDay.hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText(/[A-Z][a-z]{2} \d+(st|nd|rd|th), \d{4}/);
  await expect(tooltip).toContainText(/9\d(\.\d+)?% uptime/);
  await expect(tooltip).toContainText('Down for 2 h');
  // Days before the first check are grey.
  await expect(bars(page).first()).toHaveClass(/sp-level-none/);
  await expect(page.getByText(/^Updated \d\d:\d\d \S+$/)).toBeVisible();

  await page.mouse.move(0, 0);
  await shootAtEachSize(page, 'status-page-en');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shootAtEachSize(page, 'status-page-en-dark');
});

test('the keyboard reaches every day: one tab stop, arrows, the tooltip on focus', async ({ page }) => {
  await page.goto(`/status/${english.slug}`);
  const today = page.getByRole('toolbar', { name: 'Daily uptime of Website' }).locator('.sp-bar').last();
  await today.focus();
  await expect(page.getByRole('tooltip')).toContainText('No downtime');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tooltip')).toContainText('Down for 2 h');
});

test('a Persian page: right to left, Persian texts and digits, a Jalali date in the tooltip', async ({ page }) => {
  await page.goto(`/status/${persian.slug}`);
  await expect(page.getByText('همه سامانه‌ها به‌درستی کار می‌کنند')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fa');
  await expect(page).toHaveTitle('وضعیت سرویس‌ها');
  await expect(page.getByText('۹۰ روز پیش').first()).toBeVisible();
  // Right to left, the newest day is the leftmost bar.
  const row = page.getByRole('toolbar', { name: 'دسترس‌پذیری روزانه Website' });
  const first = await row.locator('.sp-bar').first().boundingBox();
  const last = await row.locator('.sp-bar').last().boundingBox();
  expect(last?.x ?? 0).toBeLessThan(first?.x ?? 0);

  await row.locator('.sp-bar').last().hover();
  const today = await page.evaluate(() =>
    new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
      timeZone: 'Asia/Tehran',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(new Date()),
  );
  await expect(page.getByRole('tooltip')).toContainText(today);
  await expect(page.getByRole('tooltip')).toContainText('دسترس‌پذیری');
  await expect(page.getByRole('tooltip')).not.toContainText(/[0-9]/);

  await page.mouse.move(0, 0);
  await shootAtEachSize(page, 'status-page-fa');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shootAtEachSize(page, 'status-page-fa-dark');
});

test('at phone width: the last 30 days, said so, a tap shows the day, nothing overflows', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [slug, note] of [
    [english.slug, 'The last 30 days are shown on this screen.'],
    [persian.slug, 'در این صفحه‌نمایش ۳۰ روز گذشته نشان داده می‌شود.'],
  ] as const) {
    await page.goto(`/status/${slug}`);
    await expect(page.getByText(note)).toBeVisible();
    await expect(bars(page)).toHaveCount(60);
    await bars(page).nth(27).click();
    await expect(page.getByRole('tooltip')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, slug).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shotPath(`status-page-tooltip-${slug === english.slug ? 'en' : 'fa'}-mobile`) });
    const tooltip = await page.getByRole('tooltip').boundingBox();
    expect(tooltip?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((tooltip?.x ?? 0) + (tooltip?.width ?? 0)).toBeLessThanOrEqual(390);
  }
});
