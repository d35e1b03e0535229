import type { Browser } from '@playwright/test';
import type { Monitor } from '../../packages/contracts/src/monitors';
import type { StatusPage } from '../../packages/contracts/src/status-pages';
import { verifiedUser } from './accounts';
import { admin } from './admin-cli';
import { createMonitor, registerProbers, seedRange, sessionKey } from './seed-results';

const baseUrl = () => process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? '3900'}`;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let counter = 0;
/** A slug unique to this run and worker. */
export const uniqueSlug = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${process.pid.toString(36)}-${++counter}`;

/** Creates a status page through the owner API (`POST /api/v1/status_pages/`). */
export async function createStatusPage(key: string, body: Record<string, unknown>): Promise<StatusPage> {
  const response = await fetch(`${baseUrl()}/api/v1/status_pages/`, {
    method: 'POST',
    headers: { Authorization: `Token ${key}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /api/v1/status_pages/ answered ${response.status}: ${text}`);
  return JSON.parse(text) as StatusPage;
}

export interface StatusPageOwner {
  key: string;
  monitors: Monitor[];
}

/**
 * A verified user on Gold (10 status pages) with two monitors whose last three days of results
 * went in through the agent API: the first had a two-hour outage two days ago; both are up now.
 */
export async function statusPageOwner(browser: Browser, prefix: string): Promise<StatusPageOwner> {
  const page = await browser.newPage();
  const user = await verifiedUser(page, prefix);
  await page.close();
  await admin('set-plan', user.email, 'Gold');
  const key = await sessionKey(user.email, user.password);
  const probers = await registerProbers(1, prefix);
  const now = Date.now();
  const from = now - (now % DAY) - 2 * DAY;
  const website = await createMonitor(key, probers, { alias: 'Website' });
  const api = await createMonitor(key, probers, { alias: 'API' });
  await seedRange(
    website,
    probers,
    { from, to: now - 10_000, periodMs: 5 * MINUTE },
    { outages: [[from + 6 * HOUR, from + 8 * HOUR]] },
  );
  await seedRange(api, probers, { from: from + DAY, to: now - 10_000, periodMs: 5 * MINUTE });
  return { key, monitors: [website, api] };
}

/** Two sections: the website (its URL shown) and the API (under a name with markup, shown as text). */
export function sectionsOf(owner: StatusPageOwner) {
  const [website, api] = owner.monitors as [Monitor, Monitor];
  return [
    { title: 'Public site', monitors: [{ monitor: website.id, public_name: 'Website', show_target: true }] },
    { title: 'Back end', monitors: [{ monitor: api.id, public_name: 'API <b>v2</b>', show_target: false }] },
  ];
}
