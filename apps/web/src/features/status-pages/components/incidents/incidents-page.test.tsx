// @vitest-environment jsdom
import type { Incident } from '@paydar/contracts/status-page-incidents';
import type { StatusPageSubscriber } from '@paydar/contracts/status-page-subscribers';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { profileQueryKey } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { DEMO_READ_ONLY_TEXT } from '@/lib/read-only';
import { setSessionToken } from '@/lib/session-store';
import { renderAt } from '@/testing/render-at';
import {
  type Answer,
  type ApiCall,
  buildIncident,
  buildIncidentUpdate,
  buildStatusPage,
  buildSubscriber,
  pageOf,
  stubStatusPageApi,
  subscriberPageOf,
} from '@/testing/status-page-builders';
import { buildProfile } from '@/testing/test-utils';
import { IncidentsPage } from './incidents-page';

const page = buildStatusPage({
  id: 2,
  title: 'Acme status',
  sections: [
    { title: 'Web', monitors: [{ monitor: 7, public_name: 'Shop', show_target: false }] },
    { title: 'Data', monitors: [{ monitor: 8, public_name: 'Database', show_target: false }] },
  ],
});

const BASE = '/api/v1/status_pages/2';

function stubApi(
  incidents: Incident[],
  subscribers: StatusPageSubscriber[] = [],
  answer?: (call: ApiCall) => Answer | undefined,
) {
  return stubStatusPageApi((call) => {
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.method === 'GET' && call.path === `${BASE}/incidents/`) return { body: pageOf(incidents) };
    if (call.method === 'GET' && call.path === `${BASE}/subscribers/`) return { body: subscriberPageOf(subscribers) };
    if (call.method === 'DELETE') return { status: 204 };
    return { status: call.method === 'POST' ? 201 : 200, body: buildIncident() };
  });
}

const lastWrite = async (calls: ApiCall[], method: string) => {
  await waitFor(() => expect(calls.some((call) => call.method === method)).toBe(true));
  return calls.filter((call) => call.method === method).at(-1) as ApiCall;
};

function renderPage(readOnly: string | null = null) {
  return renderAt(<IncidentsPage page={page} readOnly={readOnly} />, '/status_pages/2/incidents');
}

beforeEach(() => {
  setSessionToken('test-key', 'local');
  queryClient.clear();
  queryClient.setQueryData(profileQueryKey, buildProfile({ time_zone: 'UTC', calendar: 'gregorian' }));
});

describe('the incidents screen', () => {
  it('shows active incidents first, then resolved ones, with their timeline as the server rendered it', async () => {
    stubApi([
      buildIncident({ id: 3, title: 'Old outage', state: 'resolved', resolved_at: '2026-11-25T10:00:00.000Z' }),
      buildIncident({
        id: 4,
        title: 'Shop down',
        origin: 'auto',
        state: 'monitoring',
        updates: [
          buildIncidentUpdate({ id: 9, state: 'monitoring', body_html: '<p>A fix is <strong>out</strong>.</p>' }),
          buildIncidentUpdate({ id: 8, automatic: true }),
        ],
      }),
    ]);
    renderPage();
    const active = await screen.findByTestId('incidents-active');
    const resolved = screen.getByTestId('incidents-resolved');
    // Active above resolved, whatever the API's order.
    expect(active.compareDocumentPosition(resolved) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const shop = within(active).getByTestId('incident');
    expect(within(shop).getByText('Shop down')).toBeTruthy();
    expect(within(shop).getByText('Opened automatically')).toBeTruthy();
    expect(within(shop).getByText('Affects: Shop')).toBeTruthy();
    expect(within(shop).getByText('out').tagName).toBe('STRONG');
    expect(within(shop).getByText(/Nov 26th, 06:00 · automatic/)).toBeTruthy();
    expect(within(resolved).getByText('Old outage')).toBeTruthy();
    expect(within(resolved).queryByText('Opened automatically')).toBeNull();
    // A resolved incident takes a post-mortem, not an update.
    expect(within(resolved).getByRole('button', { name: 'Write post-mortem' })).toBeTruthy();
    expect(within(resolved).queryByRole('button', { name: 'Post update' })).toBeNull();
    expect(within(shop).queryByRole('button', { name: 'Write post-mortem' })).toBeNull();
  });

  it('opens an incident: title, state, Markdown with its preview as written, affected monitors of the page', async () => {
    const calls = stubApi([]);
    renderPage();
    expect(await screen.findByText('No incidents yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open incident' }));
    const dialog = await screen.findByRole('dialog');
    // Nothing is sent without a title and a body.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open incident' }));
    expect(await within(dialog).findAllByText('Fill this in.')).toHaveLength(2);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Title/ }), { target: { value: 'Checkout slow' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /What is known/ }), {
      target: { value: '**Payments** are <b>slow</b>' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Preview' }));
    expect(within(dialog).getByTestId('markdown-preview').textContent).toBe('**Payments** are <b>slow</b>');
    expect(within(dialog).queryByText('slow', { selector: 'b' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('combobox', { name: /State/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Identified' }));
    fireEvent.click(within(dialog).getByRole('combobox', { name: /Affected monitors/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Database' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open incident' }));
    const post = await lastWrite(calls, 'POST');
    expect(post.path).toBe(`${BASE}/incidents/`);
    expect(post.body).toEqual({
      title: 'Checkout slow',
      state: 'identified',
      body: '**Payments** are <b>slow</b>',
      monitors: [8],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('posts an update, and shows a 400 under its field', async () => {
    const calls = stubApi([buildIncident({ id: 5 })], [], (call) =>
      call.method === 'POST' && calls.filter((c) => c.method === 'POST').length === 1
        ? { status: 400, body: { code: 'VALIDATION_FAILED', detail: 'body: Too long.', body: ['Too long.'] } }
        : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Post update' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Update/ }), { target: { value: 'Fixed.' } });
    fireEvent.click(within(dialog).getByRole('combobox', { name: /State/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Resolved' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post update' }));
    expect(await within(dialog).findByText('Too long.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post update' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = await lastWrite(calls, 'POST');
    expect(post.path).toBe(`${BASE}/incidents/5/updates/`);
    expect(post.body).toEqual({ state: 'resolved', body: 'Fixed.' });
  });

  it('edits the title', async () => {
    const calls = stubApi([buildIncident({ id: 5 })]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit title' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Title/ }), { target: { value: 'Checkout down' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const patch = await lastWrite(calls, 'PATCH');
    expect(patch.path).toBe(`${BASE}/incidents/5/`);
    expect(patch.body).toEqual({ title: 'Checkout down' });
  });

  it('writes a resolved incident’s post-mortem, and removes it', async () => {
    const resolved = { state: 'resolved' as const, resolved_at: '2026-11-26T08:00:00.000Z' };
    const calls = stubApi([
      buildIncident({ id: 6, title: 'Night outage', ...resolved }),
      buildIncident({
        id: 7,
        title: 'Disk full',
        ...resolved,
        postmortem: 'The disk filled.',
        postmortem_html: '<p>The disk <em>filled</em>.</p>',
      }),
    ]);
    renderPage();
    const [night, disk] = (await screen.findAllByTestId('incident')) as [HTMLElement, HTMLElement];
    fireEvent.click(within(night).getByRole('button', { name: 'Write post-mortem' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Post-mortem/ }), {
      target: { value: '## What happened' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save post-mortem' }));
    const written = await lastWrite(calls, 'PATCH');
    expect(written.path).toBe(`${BASE}/incidents/6/`);
    expect(written.body).toEqual({ postmortem: '## What happened' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(disk).getByRole('button', { name: 'Show 1 update' }));
    expect(within(disk).getByText('filled').tagName).toBe('EM');
    fireEvent.click(within(disk).getByRole('button', { name: 'Remove post-mortem' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(2));
    const removed = calls.filter((call) => call.method === 'PATCH')[1] as ApiCall;
    expect(removed.path).toBe(`${BASE}/incidents/7/`);
    expect(removed.body).toEqual({ postmortem: null });
  });

  it('deletes an incident after asking', async () => {
    const calls = stubApi([buildIncident({ id: 5 })]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await lastWrite(calls, 'DELETE')).path).toBe(`${BASE}/incidents/5/`);
  });

  it('pages through older incidents by the API’s limit and offset', async () => {
    const [FIRST, SECOND] = ['?limit=20&offset=0', '?limit=20&offset=20'];
    const calls = stubApi([], [], (call) =>
      call.method === 'GET' && call.path === `${BASE}/incidents/`
        ? {
            body: pageOf([buildIncident({ id: call.search === SECOND ? 2 : 12, title: `Page ${call.search}` })], {
              next: call.search === FIRST ? 'next' : null,
              previous: call.search === SECOND ? 'prev' : null,
            }),
          }
        : undefined,
    );
    renderPage();
    expect(await screen.findByText(`Page ${FIRST}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText(`Page ${SECOND}`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Older' })).toHaveProperty('disabled', true);
    expect(calls.some((call) => call.search === SECOND)).toBe(true);
  });

  it('is read-only for the demo account', async () => {
    stubApi([buildIncident()], [buildSubscriber()]);
    renderPage(DEMO_READ_ONLY_TEXT);
    const incident = await screen.findByTestId('incident');
    for (const name of ['Post update', 'Edit title', 'Delete'])
      expect(within(incident).getByRole('button', { name })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Open incident' })).toHaveProperty('disabled', true);
    expect(await screen.findByRole('button', { name: 'Remove reader@example.test' })).toHaveProperty('disabled', true);
  });
});

describe('the subscribers section', () => {
  const section = () => screen.findByRole('region', { name: 'Subscribers' });
  const countText = async () => {
    const region = await section();
    return within(region).getByText(/subscriber|match/, { selector: 'p' }).textContent;
  };

  it('counts subscribers, confirmed or waiting, and removes one after asking', async () => {
    const calls = stubApi(
      [],
      [
        buildSubscriber({ id: 1, email: 'ana@example.test' }),
        buildSubscriber({ id: 2, email: 'bob@example.test', confirmed: false, confirmed_at: null }),
        buildSubscriber({ id: 3, email: 'cy@example.test' }),
      ],
    );
    renderPage();
    const region = await section();
    await waitFor(() => expect(within(region).getAllByTestId('subscriber')).toHaveLength(3));
    expect(await countText()).toBe('3 subscribers · 2 confirmed, 1 waiting');
    const rows = within(region).getAllByTestId('subscriber');
    expect(within(rows[1] as HTMLElement).getByText('Waiting for confirmation')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Confirmed')).toBeTruthy();
    expect(calls.find((call) => call.path === `${BASE}/subscribers/`)?.search).toBe('?limit=20&offset=0');
    fireEvent.click(within(region).getByRole('button', { name: 'Remove bob@example.test' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Remove bob@example\.test\?/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect((await lastWrite(calls, 'DELETE')).path).toBe(`${BASE}/subscribers/2/`);
  });

  it('pages through 50,000 subscribers by the server’s pages, and searches and filters by state', async () => {
    const rowsOf = (offset: number) =>
      Array.from({ length: 20 }, (_, n) =>
        buildSubscriber({ id: 50_000 - offset - n, email: `r${offset + n}@big.test` }),
      );
    const totals = { confirmed_count: 49_990, waiting_count: 10 };
    const calls = stubApi([], [], (call) => {
      if (call.method !== 'GET' || call.path !== `${BASE}/subscribers/`) return undefined;
      const query = new URLSearchParams(call.search);
      const offset = Number(query.get('offset'));
      if (query.get('state') === 'waiting') return { body: subscriberPageOf([], { ...totals, count: 0 }) };
      if (query.get('search') === '100%_x')
        return { body: subscriberPageOf([buildSubscriber({ email: 'a100%_x@big.test' })], totals) };
      return { body: subscriberPageOf(rowsOf(offset), { ...totals, count: 50_000 }) };
    });
    renderPage();
    const region = await section();
    await waitFor(() => expect(within(region).getAllByTestId('subscriber')).toHaveLength(20));
    expect(await countText()).toBe('50,000 subscribers · 49,990 confirmed, 10 waiting');
    fireEvent.click(within(region).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(region).getByText('r20@big.test')).toBeTruthy());
    expect(calls.some((call) => call.search === '?limit=20&offset=20')).toBe(true);
    fireEvent.click(within(region).getByRole('button', { name: 'Page 2500' }));
    await waitFor(() => expect(within(region).getByText('r49980@big.test')).toBeTruthy());

    // A search goes to the server as typed (after a pause), back on the first page.
    fireEvent.change(within(region).getByLabelText('Search'), { target: { value: ' 100%_x\u0000 ' } });
    await waitFor(() => expect(within(region).getByText('a100%_x@big.test')).toBeTruthy());
    const searched = calls.filter((call) => call.search.includes('search=')).at(-1) as ApiCall;
    expect(new URLSearchParams(searched.search).get('search')).toBe('100%_x');
    expect(new URLSearchParams(searched.search).get('offset')).toBe('0');
    expect(await countText()).toBe('1 match · of 49,990 confirmed, 10 waiting');

    fireEvent.click(within(region).getByRole('radio', { name: 'Waiting' }));
    expect(await within(region).findByText('No subscriber matches.')).toBeTruthy();
    const waiting = calls.filter((call) => call.search.includes('state=')).at(-1) as ApiCall;
    expect(new URLSearchParams(waiting.search).get('state')).toBe('waiting');
    expect(new URLSearchParams(waiting.search).get('search')).toBe('100%_x');
  });

  it('says so when nobody has subscribed', async () => {
    stubApi([]);
    renderPage();
    expect(await screen.findByText(/Nobody has subscribed yet/)).toBeTruthy();
    expect(within(await section()).queryByLabelText('Search')).toBeNull();
  });
});
