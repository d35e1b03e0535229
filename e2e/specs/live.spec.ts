import type { Page } from '@playwright/test';
import type { CheckResult } from '../../packages/contracts/src/agent';
import { verifiedUser } from '../support/accounts';
import { shootAtEachSize } from '../support/screenshots';
import { createMonitor, postBatch, registerProbers, type SeededProber, sessionKey } from '../support/seed-results';
import { expect, test } from '../support/test';

/**
 * Issue 15, "Live": a check stored on the server — posted through the agent API as a prober would —
 * shows in an open dashboard and an open detail without a reload, and the tab title counts the
 * down monitor: "(1) <product>" while it is down, the plain name once it is up again.
 */

let clock = Date.now() - 60_000;
const result = (monitorId: number, success: boolean): CheckResult => {
  clock += 1_000;
  return {
    monitor_id: monitorId,
    time: new Date(clock).toISOString(),
    success,
    status_code: success ? 200 : 503,
    status: null,
    error: success ? null : 'HTTP 503 Service Unavailable',
    phases: { resolve: 1, connect: 2, tls: null, response: 90, duration: 100 },
    extra_info: {},
  } as CheckResult;
};

const post = (prober: SeededProber, monitorId: number, ...outcomes: boolean[]) =>
  postBatch(
    prober,
    outcomes.map((success) => result(monitorId, success)),
  );

const item = (page: Page, id: number) => page.locator(`[data-testid="monitor-item"][data-monitor-id="${id}"]`);
/** The status badge of the detail's header: the dashboard's detail panel, or a shared page (the panel alone). */
const detailBadge = (page: Page, text: string, shared = false) =>
  (shared ? page.locator('.mantine-Paper-root').first() : page.getByRole('region', { name: 'Monitor detail' }))
    .locator('.mantine-Badge-root', { hasText: new RegExp(`^${text}$`) })
    .first();

test('a stored check shows in an open dashboard and detail without a reload, and the title counts it', async ({
  page,
  context,
}) => {
  test.setTimeout(270_000);
  const { email, password } = await verifiedUser(page, 'live');
  const productName = ((await (await page.request.get('/config.json')).json()) as { productName: string }).productName;
  const [prober] = await registerProbers(1, 'live');
  if (!prober) throw new Error('no prober');
  const monitor = await createMonitor(await sessionKey(email, password), [prober], { alias: 'shop' });
  await post(prober, monitor.id, true);

  await page.goto('/');
  // The first paint is not what this spec is about: on a busy machine it may take a while.
  await expect(item(page, monitor.id)).toHaveAttribute('data-status', 'up', { timeout: 90_000 });
  const detail = await context.newPage();
  await detail.goto(`/monitor/${monitor.id}`);
  await expect(detailBadge(detail, 'Up')).toBeVisible({ timeout: 90_000 });
  await expect(page).toHaveTitle(productName);

  // Two failures in a row: a monitor with one prober is down.
  await post(prober, monitor.id, false, false);
  await expect(item(page, monitor.id)).toHaveAttribute('data-status', 'down');
  await expect(item(page, monitor.id).getByTestId('last-result')).toHaveText('503');
  await expect(page).toHaveTitle(`(1) ${productName}`);
  await expect(detailBadge(detail, 'Down')).toBeVisible();
  await expect(detail.getByRole('table', { name: 'Downtimes' }).getByText('Now')).toBeVisible();
  await expect(detail).toHaveTitle(`(1) ${productName}`);
  await shootAtEachSize(page, 'live-dashboard-down', 400);
  await shootAtEachSize(detail, 'live-detail-down', 400);

  await post(prober, monitor.id, true);
  await expect(item(page, monitor.id)).toHaveAttribute('data-status', 'up');
  await expect(detailBadge(detail, 'Up')).toBeVisible();
  await expect(page).toHaveTitle(productName);
});

test('a shared page follows its monitor without a reload', async ({ page, browser }) => {
  test.setTimeout(270_000);
  const { email, password } = await verifiedUser(page, 'live-shared');
  const [prober] = await registerProbers(1, 'live-shared');
  if (!prober) throw new Error('no prober');
  const monitor = await createMonitor(await sessionKey(email, password), [prober], { alias: 'public' });
  await post(prober, monitor.id, true);

  // A visitor: another browser context, no session.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/symlink/${monitor.token}`);
  // The first paint is not what this spec is about: on a busy machine it may take a while.
  await expect(detailBadge(visitor, 'Up', true)).toBeVisible({ timeout: 90_000 });
  await post(prober, monitor.id, false, false);
  await expect(detailBadge(visitor, 'Down', true)).toBeVisible();
  await expect(visitor.getByRole('table', { name: 'Downtimes' }).getByText('Now')).toBeVisible();
  // What the page reads after the push (its figures, which a browser may keep for a while) must not undo it.
  await visitor.waitForTimeout(2_000);
  await expect(detailBadge(visitor, 'Down', true)).toBeVisible();
  await shootAtEachSize(visitor, 'live-shared-down', 400);
});
