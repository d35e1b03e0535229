// @vitest-environment jsdom
import type { StatusPage } from '@paydar/contracts/status-pages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setSessionToken } from '@/lib/session-store';
import { currentLocation, renderAt } from '@/testing/render-at';
import { type Answer, type ApiCall, buildStatusPage, stubStatusPageApi } from '@/testing/status-page-builders';
import type { PageMonitorOption } from './editor-values';
import { StatusPageEditor } from './status-page-editor';

// A short list of zones keeps the option list small in jsdom.
vi.mock('@/lib/time-zone-options', () => ({ timeZoneOptions: () => ['Asia/Tehran', 'Europe/Berlin', 'UTC'] }));

const monitors: PageMonitorOption[] = [
  { id: 7, name: 'HTTP:shop', publicName: 'shop', target: 'https://shop.example.test/health' },
  { id: 8, name: 'db.example.test', publicName: 'ICMP monitor', target: 'db.example.test' },
  { id: 9, name: 'HTTP:api', publicName: 'api', target: 'https://api.example.test' },
];

function stubApi(answer?: (call: ApiCall) => Answer | undefined) {
  return stubStatusPageApi((call) => {
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.method === 'POST') return { status: 201, body: buildStatusPage({ id: 3 }) };
    if (call.method === 'PUT') return { body: buildStatusPage({ id: 3 }) };
    return { body: { count: 0, next: null, previous: null, results: [] } };
  });
}

const sent = async (calls: ApiCall[], method: 'POST' | 'PUT') => {
  await waitFor(() => expect(calls.some((call) => call.method === method)).toBe(true));
  return calls.find((call) => call.method === method) as ApiCall;
};

const type = (name: RegExp | string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

async function addMonitor(section: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: `Add a monitor to section ${section}` }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

function renderEditor(page?: StatusPage) {
  return renderAt(<StatusPageEditor page={page} monitors={monitors} readOnly={null} />, '/status_pages/x');
}

beforeEach(() => {
  setSessionToken('test-key', 'local');
  queryClient.clear();
});

// A whole editor with its option lists is slow to drive in jsdom on a busy machine.
describe('the status page editor', () => {
  it('previews the address as the slug is typed, and tells how to point a custom domain', () => {
    stubApi();
    renderEditor();
    const preview = screen.getByTestId('status-page-address-preview');
    expect(preview.textContent).toBe('Visitors open https://app.example.test/status/your-page');
    type(/Address/, 'acme-shop');
    expect(preview.textContent).toBe('Visitors open https://app.example.test/status/acme-shop');
    type(/Custom domain/, 'status.acme.test');
    // The CNAME target is the API's host (runtime config apiBaseUrl).
    expect(screen.getByTestId('custom-domain-steps').textContent).toContain('status.acme.test CNAME api.example.test');
  });

  it('checks with the API’s rules before sending, each message under its field', async () => {
    const calls = stubApi();
    renderEditor();
    type(/Address/, 'Bad Slug');
    fireEvent.click(screen.getByRole('button', { name: 'Create page' }));
    expect(await screen.findByText('Use lowercase letters, digits and single hyphens between them.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Title/ }).getAttribute('aria-invalid')).toBe('true');
    type(/Address/, 'status');
    type(/Logo URL/, 'http://acme.test/logo.png');
    fireEvent.click(screen.getByRole('button', { name: 'Create page' }));
    expect(await screen.findByText('This address is reserved.')).toBeTruthy();
    expect(screen.getByText('Give an https URL.')).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('creates a page with two sections, monitors named for the public, renamed and reordered', async () => {
    const calls = stubApi();
    renderEditor();
    type(/Address/, 'acme');
    type(/Title/, 'Acme status');
    await addMonitor('Services', 'HTTP:shop');
    await addMonitor('Services', 'db.example.test');
    // The public name starts as the alias — an address never becomes a public name by itself.
    const names = screen.getAllByRole('textbox', { name: /Public name/ }) as HTMLInputElement[];
    expect(names.map((input) => input.value)).toEqual(['shop', 'ICMP monitor']);
    fireEvent.change(names[1] as HTMLInputElement, { target: { value: 'Database' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move monitor db.example.test up' }));
    fireEvent.click(screen.getAllByRole('switch', { name: /Show address to visitors/ })[1] as HTMLElement);
    expect(screen.getByText('Visitors see https://shop.example.test/health')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add section' }));
    type('Section 2', 'API');
    // A monitor already on the page is not offered again.
    fireEvent.click(screen.getByRole('combobox', { name: 'Add a monitor to section API' }));
    expect(screen.queryByRole('option', { name: 'HTTP:shop' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'HTTP:api' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move section API up' }));
    type('Section 2', 'Core');

    fireEvent.click(screen.getByRole('button', { name: 'Create page' }));
    const post = await sent(calls, 'POST');
    expect(post.path).toBe('/api/v1/status_pages/');
    expect(post.body).toEqual({
      slug: 'acme',
      title: 'Acme status',
      description: '',
      logo_url: null,
      language: 'en',
      time_zone: null,
      show_response_times: false,
      custom_domain: null,
      password: '',
      sections: [
        { title: 'API', monitors: [{ monitor: 9, public_name: 'api', show_target: false }] },
        {
          title: 'Core',
          monitors: [
            { monitor: 8, public_name: 'Database', show_target: false },
            { monitor: 7, public_name: 'shop', show_target: true },
          ],
        },
      ],
    });
    await waitFor(() => expect(currentLocation()).toBe('/status_pages'));
  });

  it('removes sections and monitors', async () => {
    const calls = stubApi();
    renderEditor(
      buildStatusPage({
        sections: [
          { title: 'Web', monitors: [{ monitor: 7, public_name: 'Shop', show_target: false }] },
          {
            title: 'Data',
            monitors: [
              { monitor: 8, public_name: 'DB', show_target: false },
              { monitor: 9, public_name: 'API', show_target: true },
            ],
          },
        ],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove section Web' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove monitor db.example.test' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const put = await sent(calls, 'PUT');
    expect((put.body as { sections: unknown }).sections).toEqual([
      { title: 'Data', monitors: [{ monitor: 9, public_name: 'API', show_target: true }] },
    ]);
  });

  it('keeps a protected page’s password by leaving it out of the PUT', async () => {
    const calls = stubApi();
    renderEditor(buildStatusPage({ id: 6, protected: true }));
    expect(screen.getByRole('radio', { name: 'Keep password' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const put = await sent(calls, 'PUT');
    expect(put.path).toBe('/api/v1/status_pages/6/');
    expect(put.body).not.toHaveProperty('password');
  });

  it('removes the password with an empty one', async () => {
    const calls = stubApi();
    renderEditor(buildStatusPage({ protected: true }));
    fireEvent.click(screen.getByRole('radio', { name: 'Remove' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await sent(calls, 'PUT')).body).toHaveProperty('password', '');
  });

  it('sets a new password, refusing an empty or short one before sending', async () => {
    const calls = stubApi();
    renderEditor(buildStatusPage({ protected: true }));
    fireEvent.click(screen.getByRole('radio', { name: 'New password' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Type the new password.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/New password/, { selector: 'input[type=password]' }), {
      target: { value: 'short' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At least 8 characters.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.change(screen.getByLabelText(/New password/, { selector: 'input[type=password]' }), {
      target: { value: 'long enough' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await sent(calls, 'PUT')).body).toHaveProperty('password', 'long enough');
  });

  it('shows a 400’s field errors under their fields, the nested ones under their monitor', async () => {
    stubApi((call) =>
      call.method === 'PUT'
        ? {
            status: 400,
            body: {
              detail: 'slug: This address is taken.',
              code: 'VALIDATION_FAILED',
              slug: ['This address is taken.'],
              'sections.0.monitors.1.monitor': ['Monitor 8 does not exist.'],
              'sections.0.monitors.0.public_name': ['Too long.'],
            },
          }
        : undefined,
    );
    renderEditor(
      buildStatusPage({
        sections: [
          {
            title: 'Web',
            monitors: [
              { monitor: 7, public_name: 'Shop', show_target: false },
              { monitor: 8, public_name: 'DB', show_target: false },
            ],
          },
        ],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This address is taken.')).toBeTruthy();
    const rows = screen.getAllByTestId('status-page-monitor');
    expect(within(rows[1] as HTMLElement).getByText('Monitor 8 does not exist.')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Too long.')).toBeTruthy();
    expect(currentLocation()).toBe('/status_pages/x');
  });

  it('shows a server failure in its words, never raw', async () => {
    stubApi((call) => (call.method === 'POST' ? { status: 500, body: '<html>Internal</html>' } : undefined));
    renderEditor();
    type(/Address/, 'acme');
    type(/Title/, 'Acme');
    fireEvent.click(screen.getByRole('button', { name: 'Create page' }));
    expect(await screen.findByText('Server error. Please try again later.')).toBeTruthy();
    expect(screen.queryByText(/Internal/)).toBeNull();
  });

  it('sends the language, a chosen zone and the shown response times; the default zone follows the language', async () => {
    const calls = stubApi();
    renderEditor(buildStatusPage({ language: 'en', time_zone: 'UTC' }));
    const zone = screen.getByRole('combobox', { name: /Time zone/ }) as HTMLInputElement;
    expect(zone.value).toBe('');
    expect(zone.placeholder).toBe('Default: UTC');
    fireEvent.click(screen.getByRole('radio', { name: 'فارسی' }));
    expect(zone.placeholder).toBe('Default: Asia/Tehran');
    fireEvent.click(zone);
    fireEvent.click(await screen.findByRole('option', { name: 'Europe/Berlin' }));
    fireEvent.click(screen.getByRole('switch', { name: /Show response times/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await sent(calls, 'PUT')).body).toMatchObject({
      language: 'fa',
      time_zone: 'Europe/Berlin',
      show_response_times: true,
    });
  });
});
