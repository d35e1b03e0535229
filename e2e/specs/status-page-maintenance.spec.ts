import type { Page } from '@playwright/test';
import type { StatusPage } from '../../packages/contracts/src/status-pages';
import { shootAtEachSize } from '../support/screenshots';
import {
  createStatusPage,
  type StatusPageOwner,
  sectionsOf,
  statusPageOwner,
  uniqueSlug,
} from '../support/status-pages';
import { expect, test } from '../support/test';

/**
 * Issue 16, item 3: the owner's maintenance windows on a signed-out visitor's status page. A window
 * made through the API for the coming days is listed as scheduled maintenance (title, when in the
 * page's time zone, which monitors); a window going on now turns the banner to maintenance and the
 * monitor's status to Maintenance. English (page in Asia/Tehran, so the times are not the
 * browser's UTC), then the Persian page once: right to left, Jalali dates, Persian digits.
 */

test.describe.configure({ mode: 'serial' });

const baseUrl = () => process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? '3900'}`;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Tehran keeps UTC+03:30 all year (no daylight saving since 2022). */
const TEHRAN_OFFSET = 3.5 * HOUR;

let owner: StatusPageOwner;
let english: StatusPage;
let persian: StatusPage;
/** The scheduled window: two days from now, 14:30–16:30 in Tehran. */
let scheduledStart: number;

async function createWindow(key: string, body: Record<string, unknown>) {
  const response = await fetch(`${baseUrl()}/api/v1/maintenance_windows`, {
    method: 'POST',
    headers: { Authorization: `Token ${key}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`POST /api/v1/maintenance_windows answered ${response.status}: ${text}`);
  return JSON.parse(text) as { id: number };
}

/** 'Nov 29th, 2026 14:30', as the page writes an instant in Asia/Tehran. */
function englishTehran(instant: number): string {
  const local = new Date(instant + TEHRAN_OFFSET);
  const day = local.getUTCDate();
  const suffix =
    day % 10 === 1 && day !== 11
      ? 'st'
      : day % 10 === 2 && day !== 12
        ? 'nd'
        : day % 10 === 3 && day !== 13
          ? 'rd'
          : 'th';
  const month = local.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  const time = local.toISOString().slice(11, 16);
  return `${month} ${day}${suffix}, ${local.getUTCFullYear()} ${time}`;
}

/** The Jalali date of an instant in Asia/Tehran as the browser's Intl writes it: '۸ آذر ۱۴۰۵'. */
const persianDate = (page: Page, instant: number) =>
  page.evaluate(
    (at) =>
      new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
        timeZone: 'Asia/Tehran',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }).format(new Date(at)),
    instant,
  );

test.beforeAll(async ({ browser }) => {
  test.setTimeout(360_000);
  owner = await statusPageOwner(browser, 'sp-maintenance');
  const sections = sectionsOf(owner);
  english = await createStatusPage(owner.key, {
    slug: uniqueSlug('maint'),
    title: 'Acme status',
    language: 'en',
    time_zone: 'Asia/Tehran',
    sections,
  });
  persian = await createStatusPage(owner.key, {
    slug: uniqueSlug('maint-fa'),
    title: 'وضعیت سرویس‌ها',
    language: 'fa',
    sections,
  });
  // Two days from now, 11:00 UTC = 14:30 in Tehran, for two hours.
  const now = Date.now();
  scheduledStart = now - (now % DAY) + 2 * DAY + 11 * HOUR;
  await createWindow(owner.key, {
    title: 'Database <b>upgrade</b>',
    monitors: [owner.monitors[0]?.id],
    kind: 'once',
    starts_at: new Date(scheduledStart).toISOString(),
    ends_at: new Date(scheduledStart + 2 * HOUR).toISOString(),
  });
});

test('a window in the coming days is scheduled maintenance: title, when in the page’s zone, which monitors', async ({
  page,
}) => {
  await page.goto(`/status/${english.slug}`);
  await expect(page.getByText('All systems operational')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ongoing maintenance' })).toHaveCount(0);
  const scheduled = page.getByRole('region', { name: 'Scheduled maintenance' });
  await expect(scheduled.getByRole('heading', { name: 'Scheduled maintenance' })).toBeVisible();
  const item = scheduled.getByRole('listitem');
  await expect(item).toHaveCount(1);
  // The title is text: its markup shows as written.
  await expect(item.locator('strong')).toHaveText('Database <b>upgrade</b>');
  await expect(item.locator('b')).toHaveCount(0);
  // 11:00–13:00 UTC is 14:30–16:30 in Tehran; within one day the end is its time alone.
  await expect(item.locator('.sp-maintenance-when')).toHaveText(`${englishTehran(scheduledStart)} – 16:30`);
  await expect(scheduled).toContainText('Times are in Asia/Tehran.');
  await expect(item).toContainText('Affected: Website');
  await expect(item).not.toContainText('API');
  // Nothing is in maintenance yet.
  await expect(page.locator('.sp-status', { hasText: 'Maintenance' })).toHaveCount(0);
  await shootAtEachSize(page, 'status-page-maintenance-scheduled-en');
});

test('a window going on now: the maintenance banner, and the monitor in maintenance', async ({ page }) => {
  const now = Date.now();
  await createWindow(owner.key, {
    title: 'Network work',
    monitors: [owner.monitors[1]?.id],
    kind: 'once',
    starts_at: new Date(now - MINUTE).toISOString(),
    ends_at: new Date(now + 2 * HOUR).toISOString(),
  });
  await page.goto(`/status/${english.slug}`);
  const banner = page.getByRole('region', { name: 'Current status' });
  await expect(banner).toHaveAttribute('data-banner', 'maintenance');
  await expect(banner).toContainText('Maintenance in progress');
  const going = page.getByRole('region', { name: 'Ongoing maintenance' });
  await expect(going).toHaveClass(/sp-maintenance-now/);
  // The banner says it once; the card below lists the windows under a title of its own.
  await expect(page.getByText('Maintenance in progress')).toHaveCount(1);
  await expect(going).toContainText('Network work');
  await expect(going).toContainText('Affected: API <b>v2</b>');
  // The API is in maintenance; the website is not.
  const api = page.locator('.sp-monitor', { has: page.getByRole('heading', { name: 'API <b>v2</b>' }) });
  await expect(api.locator('.sp-status')).toHaveText('Maintenance');
  await expect(api.locator('.sp-status')).toHaveClass(/sp-status-maintenance/);
  const website = page.locator('.sp-monitor', { has: page.getByRole('heading', { name: 'Website' }) });
  await expect(website.locator('.sp-status')).toHaveText('Operational');
  // The scheduled one is still ahead.
  await expect(page.getByRole('region', { name: 'Scheduled maintenance' })).toContainText('Database <b>upgrade</b>');
  await shootAtEachSize(page, 'status-page-maintenance-now-en');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shootAtEachSize(page, 'status-page-maintenance-now-en-dark');
});

test('the Persian page: right to left, Jalali dates and Persian digits, the banner and statuses in Persian', async ({
  page,
}) => {
  await page.goto(`/status/${persian.slug}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const banner = page.getByRole('region', { name: 'وضعیت کنونی' });
  await expect(banner).toHaveAttribute('data-banner', 'maintenance');
  const scheduled = page.locator('.sp-maintenance-scheduled');
  await expect(scheduled.getByRole('heading', { name: 'نگهداری برنامه‌ریزی‌شده' })).toBeVisible();
  const when = scheduled.locator('.sp-maintenance-when');
  await expect(when).toHaveText(`${await persianDate(page, scheduledStart)}، ۱۴:۳۰ تا ۱۶:۳۰`);
  await expect(scheduled).toContainText('زمان‌ها به وقت تهران');
  await expect(scheduled).not.toContainText(/[0-9]/);
  await expect(scheduled).toContainText('Website');
  await expect(page.locator('.sp-maintenance-now')).toContainText('Network work');
  // The English name keeps its order inside the Persian line: set apart in a <bdi>.
  await expect(page.locator('.sp-maintenance-now .sp-affected')).toHaveText('تحت تأثیر: API <b>v2</b>');
  await expect(page.locator('.sp-maintenance-now .sp-affected bdi')).toHaveText(['API <b>v2</b>']);
  const api = page.locator('.sp-monitor', { has: page.getByRole('heading', { name: 'API <b>v2</b>' }) });
  await expect(api.locator('.sp-status')).toHaveText('نگهداری');
  await shootAtEachSize(page, 'status-page-maintenance-fa');
});
