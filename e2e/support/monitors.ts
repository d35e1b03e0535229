import type { Page } from '@playwright/test';
import { api } from './api';

export interface CreatedMonitor {
  id: number;
  token: string;
}

/**
 * An HTTP monitor of the signed-in user of `page`, checked every 300 s (the Free plan's shortest)
 * by the first prober, created through the API; `fields` add to or replace those.
 */
export async function createMonitor(page: Page, fields: Record<string, unknown>): Promise<CreatedMonitor> {
  const probers = await api<{ results: Array<{ id: number }> }>(page, 'GET', '/api/v1/probers/');
  return api<CreatedMonitor>(page, 'POST', '/api/v1/monitors/', {
    protocol_type: 'HTTP',
    period: 300,
    apdex: 0.5,
    probers: probers.results.slice(0, 1).map((prober) => prober.id),
    ...fields,
  });
}

/** Opens the Edit popup of the first monitor of the dashboard from its Actions menu. */
export async function openFirstMonitorEdit(page: Page): Promise<void> {
  await page.goto('/');
  await page
    .getByRole('button', { name: /^Actions for / })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
}
