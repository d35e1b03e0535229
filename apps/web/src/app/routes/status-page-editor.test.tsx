// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { setSessionToken } from '@/lib/session-store';
import { buildMonitor, buildSubscription, freeSpecifications, summaryPage } from '@/testing/monitor-builders';
import { buildStatusPage, pageOf, stubStatusPageApi } from '@/testing/status-page-builders';
import { buildProfile, renderWithProviders } from '@/testing/test-utils';
import StatusPageEditorRoute from './status-page-editor';

// A short list of zones keeps the option list small in jsdom.
vi.mock('@/lib/time-zone-options', () => ({ timeZoneOptions: () => ['Asia/Tehran', 'UTC'] }));

function renderAt(url: string) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="status_pages/new" element={<StatusPageEditorRoute />} />
        <Route path="status_pages/:id" element={<StatusPageEditorRoute />} />
      </Routes>
    </MemoryRouter>,
    { mantineEnv: 'test' },
  );
}

beforeEach(() => {
  setSessionToken('test-key', 'local');
  queryClient.clear();
  queryClient.setQueryData(profileQueryKey, buildProfile());
});

describe('the status page editor route', () => {
  it('loads the page and names its monitors as the owner knows them', async () => {
    stubStatusPageApi((call) => {
      if (call.path === '/api/v1/status_pages/3/') return { body: buildStatusPage({ id: 3, title: 'Acme status' }) };
      if (call.path === '/api/v1/monitors/')
        return { body: summaryPage([buildMonitor({ id: 7, alias: 'shop', protocol_type: 'HTTP' })]) };
      return undefined;
    });
    renderAt('/status_pages/3');
    expect(await screen.findByText('Edit Acme status')).toBeTruthy();
    expect(await screen.findByText('HTTP:shop')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Public name/ }) as HTMLInputElement).value).toBe('Shop');
  });

  it('starts a new page empty', async () => {
    stubStatusPageApi((call) => (call.path === '/api/v1/monitors/' ? { body: pageOf([]) } : undefined));
    renderAt('/status_pages/new');
    expect(await screen.findByText('New status page')).toBeTruthy();
    expect(screen.getByText(/You have no monitors yet/)).toBeTruthy();
  });

  it('says why a new page cannot be made at the plan’s limit, with Create disabled', async () => {
    stubStatusPageApi((call) => {
      if (call.path === '/api/v1/status_pages/') return { body: pageOf([buildStatusPage()]) };
      if (call.path === '/api/v1/users/subscriptions')
        return { body: pageOf([buildSubscription({ ...freeSpecifications, STATUS_PAGES: 1 })]) };
      return { body: pageOf([]) };
    });
    renderAt('/status_pages/new');
    expect((await screen.findByTestId('status-page-limit-reason')).textContent).toBe(
      "You can't add more than 1 status page",
    );
    expect(screen.getByRole('button', { name: 'Create page' })).toHaveProperty('disabled', true);
  });

  it('says so for a page that is not the user’s, or not an id', async () => {
    stubStatusPageApi((call) =>
      call.path === '/api/v1/status_pages/4/' ? { status: 404, body: { detail: 'Not found.' } } : { body: pageOf([]) },
    );
    renderAt('/status_pages/4');
    expect(await screen.findByText('Not found.')).toBeTruthy();
  });

  it('refuses an address that is not an id without asking', async () => {
    const calls = stubStatusPageApi(() => ({ body: pageOf([]) }));
    renderAt('/status_pages/abc');
    expect(await screen.findByText('No such status page.')).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith('/api/v1/status_pages'))).toBe(false);
  });
});
