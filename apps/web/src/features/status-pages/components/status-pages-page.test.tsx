// @vitest-environment jsdom
import type { StatusPage } from '@paydar/contracts/status-pages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { DEMO_READ_ONLY_TEXT } from '@/lib/read-only';
import { setSessionToken } from '@/lib/session-store';
import { buildSubscription, freeSpecifications } from '@/testing/monitor-builders';
import { renderAt } from '@/testing/render-at';
import { buildStatusPage, pageOf, stubStatusPageApi } from '@/testing/status-page-builders';
import { StatusPagesPage } from './status-pages-page';

/** The list and the user's plan allowing `allowed` pages (null: no active plan). */
function stubApi(pages: StatusPage[], allowed: number | null = 3) {
  return stubStatusPageApi((call) => {
    if (call.path === '/api/v1/users/subscriptions')
      return {
        body: pageOf(allowed === null ? [] : [buildSubscription({ ...freeSpecifications, STATUS_PAGES: allowed })]),
      };
    if (call.method === 'GET' && call.path === '/api/v1/status_pages/') return { body: pageOf(pages) };
    if (call.method === 'DELETE') return { body: { success: true } };
    return { status: 404, body: { detail: 'Not found.' } };
  });
}

beforeEach(() => {
  setSessionToken('test-key', 'local');
  queryClient.clear();
});

describe('the Status pages screen', () => {
  it('lists each page: title, its address opening in a new tab, domain, protection and size', async () => {
    stubApi([
      buildStatusPage({
        id: 4,
        title: 'Acme <b>status</b>',
        slug: 'acme',
        custom_domain: 'status.acme.test',
        protected: true,
        sections: [
          { title: 'Web', monitors: [{ monitor: 7, public_name: 'Shop', show_target: false }] },
          {
            title: 'API',
            monitors: [
              { monitor: 8, public_name: 'API', show_target: false },
              { monitor: 9, public_name: 'Auth', show_target: true },
            ],
          },
        ],
      }),
    ]);
    renderAt(<StatusPagesPage readOnly={null} />, '/status_pages');
    const card = await screen.findByTestId('status-page');
    // Markup typed into a title is text, never HTML.
    expect(within(card).getByText('Acme <b>status</b>')).toBeTruthy();
    const link = within(card).getByRole('link', { name: /app\.example\.test\/status\/acme/ });
    expect(link.getAttribute('href')).toBe('https://app.example.test/status/acme');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(card).getByText('Custom domain: status.acme.test')).toBeTruthy();
    expect(within(card).getByText('Password protected')).toBeTruthy();
    expect(within(card).getByText('3 monitors · 2 sections')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/status_pages/4');
    expect(within(card).getByRole('link', { name: 'Incidents' }).getAttribute('href')).toBe(
      '/status_pages/4/incidents',
    );
    expect(await screen.findByText('1 of 3 pages')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add status page' }).getAttribute('data-disabled')).toBeNull();
  });

  it('disables Add at the plan limit and says why', async () => {
    stubApi([buildStatusPage()], 1);
    renderAt(<StatusPagesPage readOnly={null} />, '/status_pages');
    expect(await screen.findByText('1 of 1 page')).toBeTruthy();
    const add = screen.getByRole('link', { name: 'Add status page' });
    expect(add.getAttribute('data-disabled')).toBe('true');
    expect(screen.getByTestId('status-page-limit-reason').textContent).toBe("You can't add more than 1 status page");
    expect(add.closest('[data-read-only]')?.getAttribute('title')).toBe("You can't add more than 1 status page");
  });

  it('disables Add without an active plan, in the server’s words', async () => {
    stubApi([], null);
    renderAt(<StatusPagesPage readOnly={null} />, '/status_pages');
    expect(await screen.findByTestId('status-page-limit-reason')).toHaveProperty(
      'textContent',
      'You have no active plan.',
    );
  });

  it('explains what a status page is when there is none', async () => {
    stubApi([]);
    renderAt(<StatusPagesPage readOnly={null} />, '/status_pages');
    const empty = await screen.findByTestId('status-pages-empty');
    expect(within(empty).getByText('No status pages yet')).toBeTruthy();
    expect(within(empty).getByText(/A status page is a public web page/)).toBeTruthy();
    expect(await screen.findByText('0 of 3 pages')).toBeTruthy();
  });

  it('deletes a page after asking', async () => {
    const calls = stubApi([buildStatusPage({ id: 5, title: 'Old page' })]);
    renderAt(<StatusPagesPage readOnly={null} />, '/status_pages');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Delete “Old page”\?/)).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/v1/status_pages/5/')).toBe(true),
    );
  });

  it('shows the demo account’s write buttons disabled, with the reason', async () => {
    stubApi([buildStatusPage()]);
    renderAt(<StatusPagesPage readOnly={DEMO_READ_ONLY_TEXT} />, '/status_pages');
    const card = await screen.findByTestId('status-page');
    expect(within(card).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', true);
    expect(within(card).getByRole('link', { name: 'Edit' }).getAttribute('data-disabled')).toBe('true');
    const add = screen.getByRole('link', { name: 'Add status page' });
    expect(add.getAttribute('data-disabled')).toBe('true');
    expect(add.closest('[data-read-only]')?.getAttribute('title')).toBe(DEMO_READ_ONLY_TEXT);
    // Reading the incidents changes nothing.
    expect(within(card).getByRole('link', { name: 'Incidents' }).getAttribute('data-disabled')).toBeNull();
  });
});
