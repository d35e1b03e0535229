// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_MS } from './hooks/use-live-page';
import { statusLocationOf } from './location';
import { StatusApp } from './status-app';
import {
  buildDays,
  buildIncident,
  buildMonitor,
  buildPage,
  buildSummary,
  fakeFetch,
  jsonResponse,
} from './testing/page-builders';

// The first render of a file loads zod and the contracts: more than the default second on a busy machine.

const realFetch = globalThis.fetch;
beforeEach(() => {
  sessionStorage.clear();
  document.title = '';
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  globalThis.fetch = realFetch;
});

const PAGE_API = '/api/v1/public/status_pages/acme';
const renderAt = (path: string, search = '') =>
  render(<StatusApp location={statusLocationOf(path)} base="" search={search} />);

describe('an English page', () => {
  it('shows title, description, banner, sections and monitors, all names as text', async () => {
    const markup = '<img src=x onerror="alert(1)">';
    fakeFetch(() =>
      jsonResponse(
        buildPage({
          title: `Acme ${markup}`,
          description: `<b>bold</b> words`,
          banner: 'degraded',
          sections: [
            {
              title: `<script>alert(2)</script>`,
              monitors: [
                buildMonitor({ public_name: `API ${markup}`, target: 'https://api.example.com', status: 'down' }),
                buildMonitor({ public_name: 'Shop' }),
              ],
            },
          ],
        }),
      ),
    );
    const { container } = renderAt('/status/acme');
    expect(await screen.findByText('Some systems are not working as they should')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`Acme ${markup}`);
    expect(screen.getByText('<b>bold</b> words')).toBeTruthy();
    expect(screen.getByText('<script>alert(2)</script>')).toBeTruthy();
    expect(screen.getByText(`API ${markup}`)).toBeTruthy();
    expect(screen.getByText('https://api.example.com')).toBeTruthy();
    expect(container.querySelector('.sp-logo')).toBeNull();
    expect(screen.getByText('Down')).toBeTruthy();
    // Markup stayed text: no element came from it.
    expect(container.querySelector('img, b, script')).toBeNull();
    // Set by an effect, which may run after the render the text came with.
    await waitFor(() => expect(document.title).toBe(`Acme ${markup}`));
    expect(document.documentElement.dir).toBe('ltr');
    expect(screen.getAllByRole('toolbar')).toHaveLength(2);
    expect(screen.getAllByText('100% uptime over 90 days')).toHaveLength(2);
    expect(screen.getAllByText('90 days ago')).toHaveLength(2);
  });

  it('shows the logo from its https URL, sending no referrer', async () => {
    fakeFetch(() => jsonResponse(buildPage({ logo_url: 'https://cdn.example.com/logo.png' })));
    const { container } = renderAt('/status/acme');
    await screen.findByText('All systems operational');
    const logo = container.querySelector('img.sp-logo');
    expect(logo?.getAttribute('src')).toBe('https://cdn.example.com/logo.png');
    expect(logo?.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('draws the response times only when the page shows them', async () => {
    const days = buildDays(90, '2026-11-26', () => ({ average_response_time: 120 }));
    fakeFetch(() =>
      jsonResponse(
        buildPage({ show_response_times: true, sections: [{ title: '', monitors: [buildMonitor({ days })] }] }),
      ),
    );
    renderAt('/status/acme');
    expect(await screen.findByText('120 ms on average')).toBeTruthy();
    cleanup();
    fakeFetch(() => jsonResponse(buildPage({ sections: [{ title: '', monitors: [buildMonitor({ days })] }] })));
    renderAt('/status/acme');
    await screen.findByText('All systems operational');
    expect(screen.queryByText('Response time, daily average')).toBeNull();
  });

  it('says when there is no such page', async () => {
    fakeFetch(() => jsonResponse({ code: 'NOT_FOUND', detail: 'Status page not found.' }, 404));
    renderAt('/status/nope');
    expect(await screen.findByText('There is no status page here.')).toBeTruthy();
  });
});

describe('a Persian page', () => {
  it('is right-to-left, in Persian, with Persian digits and Jalali dates', async () => {
    const days = buildDays(90, '2026-11-26', (index) =>
      index === 89 ? { uptime_percent: 99.5, downtime_seconds: 432 } : {},
    );
    fakeFetch(() =>
      jsonResponse(
        buildPage({
          language: 'fa',
          time_zone: 'Asia/Tehran',
          title: 'وضعیت',
          sections: [{ title: '', monitors: [buildMonitor({ days })] }],
        }),
      ),
    );
    const { container } = renderAt('/status/acme');
    expect(await screen.findByText('همه سامانه‌ها به‌درستی کار می‌کنند')).toBeTruthy();
    expect(container.querySelector('.sp-page')?.getAttribute('dir')).toBe('rtl');
    expect(container.querySelector('.sp-page')?.getAttribute('lang')).toBe('fa');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('fa');
    expect(screen.getByText('۹۰ روز پیش')).toBeTruthy();
    expect(screen.getByText('امروز')).toBeTruthy();
    const bars = screen.getAllByRole('button', { name: /آذر/ });
    fireEvent.mouseEnter(bars.at(-1) as HTMLElement);
    expect(screen.getByRole('tooltip').textContent).toBe('۵ آذر ۱۴۰۵۹۹٫۵٪ دسترس‌پذیری۷ دقیقه ۱۲ ثانیه قطعی');
    expect(screen.getByText(/^به‌روزرسانی [۰-۹]{2}:[۰-۹]{2} وقت ایران$/)).toBeTruthy();
  });
});

describe('incidents and maintenance', () => {
  it('are left out when the answer has none of their fields', async () => {
    fakeFetch(() => jsonResponse(buildPage()));
    renderAt('/status/acme');
    await screen.findByText('All systems operational');
    expect(screen.queryByText('Active incidents')).toBeNull();
    expect(screen.queryByText('Past incidents')).toBeNull();
    expect(screen.queryByText('Scheduled maintenance')).toBeNull();
    expect(screen.queryByText('Ongoing maintenance')).toBeNull();
  });

  it('are shown when present: active on top with their sanitized updates, maintenance, the history by day', async () => {
    fakeFetch(() =>
      jsonResponse(
        buildPage({
          banner: 'outage',
          active_incidents: [buildIncident({ title: 'API <i>errors</i>' })],
          incident_history: [
            buildSummary({ id: 3, title: 'Slow checkout', started_at: '2026-11-20T12:00:00Z', has_postmortem: true }),
            buildSummary({ id: 4, title: 'DNS blip', started_at: '2026-11-20T01:00:00Z' }),
            buildSummary({ id: 5, title: 'Login errors', started_at: '2026-11-24T08:00:00Z' }),
          ],
          maintenance_now: [
            {
              title: 'Database upgrade',
              starts_at: '2026-11-26T09:00:00Z',
              ends_at: '2026-11-26T11:00:00Z',
              affected: ['Website'],
            },
          ],
          maintenance_scheduled: [
            { title: 'Network work', starts_at: '2026-11-28T22:00:00Z', ends_at: '2026-11-29T01:30:00Z', affected: [] },
          ],
        }),
      ),
    );
    const { container } = renderAt('/status/acme');
    await screen.findByText('We are having an outage');
    const link = screen.getByRole('link', { name: 'API <i>errors</i>' });
    expect(link.getAttribute('href')).toBe('/status/acme/incidents/7');
    expect(container.querySelector('.sp-incidents i')).toBeNull();
    // body_html is the server's sanitized HTML: rendered as HTML.
    expect(container.querySelector('.sp-markdown strong')?.textContent).toBe('looking');
    // The incident's and the maintenance's.
    expect([...container.querySelectorAll('.sp-affected')].map((node) => node.textContent)).toStrictEqual([
      'Affected: Website',
      'Affected: Website',
    ]);
    expect(screen.getByText('Database upgrade')).toBeTruthy();
    // Within a day the end is its time alone; across days, its date too; the zone is named.
    expect(screen.getByText('Nov 26th, 2026 09:00 – 11:00')).toBeTruthy();
    expect(screen.getByText('Nov 28th, 2026 22:00 – Nov 29th, 2026 01:30')).toBeTruthy();
    expect(screen.getAllByText('Times are in UTC.')).toHaveLength(2);
    expect(screen.getByText('Network work')).toBeTruthy();
    const days = [...container.querySelectorAll('.sp-history-date')].map((node) => node.textContent);
    expect(days).toStrictEqual(['Nov 24th, 2026', 'Nov 20th, 2026']);
    const titles = [...container.querySelectorAll('.sp-history-item a')].map((node) => node.textContent);
    expect(titles).toStrictEqual(['Login errors', 'Slow checkout', 'DNS blip']);
    expect(screen.getByText('Post-mortem available')).toBeTruthy();
    expect(screen.queryByText('No incidents in the last 90 days.')).toBeNull();
    // The order on the page: the banner, maintenance now, active incidents, scheduled, sections.
    const order = [
      ...container.querySelectorAll(
        '.sp-banner, .sp-maintenance-now, .sp-incidents, .sp-maintenance-scheduled, .sp-sections, .sp-history',
      ),
    ].map(
      (node) =>
        node.className.split(' ')[0] +
        (node.classList.contains('sp-maintenance-now')
          ? '-now'
          : node.classList.contains('sp-maintenance-scheduled')
            ? '-scheduled'
            : ''),
    );
    expect(order).toStrictEqual([
      'sp-banner',
      'sp-maintenance-now',
      'sp-incidents',
      'sp-maintenance-scheduled',
      'sp-sections',
      'sp-history',
    ]);
  });

  it('set each affected name apart on a Persian page, so an English name keeps its order', async () => {
    fakeFetch(() =>
      jsonResponse(
        buildPage({
          language: 'fa',
          time_zone: 'Asia/Tehran',
          banner: 'maintenance',
          maintenance_now: [
            {
              title: 'Network work',
              starts_at: '2026-11-26T09:00:00Z',
              ends_at: '2026-11-26T11:00:00Z',
              affected: ['API <b>v2</b>', 'وب‌سایت'],
            },
          ],
        }),
      ),
    );
    const { container } = renderAt('/status/acme');
    const item = await screen.findByText('Network work');
    const affected = item.parentElement?.querySelector('.sp-affected');
    expect(affected?.textContent).toBe('تحت تأثیر: API <b>v2</b>، وب‌سایت');
    expect([...(affected?.querySelectorAll('bdi') ?? [])].map((node) => node.textContent)).toStrictEqual([
      'API <b>v2</b>',
      'وب‌سایت',
    ]);
    expect(container.querySelector('.sp-affected b')).toBeNull();
    // 09:00–11:00 UTC is 12:30–14:30 in Tehran, one day: the end is its time alone; the zone is named.
    expect(screen.getByText('۵ آذر ۱۴۰۵، ۱۲:۳۰ تا ۱۴:۳۰')).toBeTruthy();
    expect(screen.getByText('زمان‌ها به وقت تهران')).toBeTruthy();
  });

  it('says "No incidents" only when the whole history is empty', async () => {
    fakeFetch(() => jsonResponse(buildPage({ active_incidents: [], incident_history: [] })));
    renderAt('/status/acme');
    expect(await screen.findByText('No incidents in the last 90 days.')).toBeTruthy();
  });

  it('group the history by the page’s days, not UTC’s', async () => {
    fakeFetch(() =>
      jsonResponse(
        buildPage({
          time_zone: 'Asia/Tehran',
          incident_history: [buildSummary({ started_at: '2026-11-20T21:00:00Z' })],
        }),
      ),
    );
    const { container } = renderAt('/status/acme');
    await screen.findByText('Slow checkout');
    // 21:00 UTC is 00:30 the next day in Tehran.
    expect(container.querySelector('.sp-history-date')?.textContent).toBe('Nov 21st, 2026');
  });
});

describe('a protected page', () => {
  it('asks for the password, says when it is wrong or when to wait, then keeps the token for this tab', async () => {
    const unlockAnswers = [
      jsonResponse(
        { code: 'VALIDATION_FAILED', detail: 'password: Wrong password.', password: ['Wrong password.'] },
        400,
      ),
      jsonResponse({ code: 'RATE_LIMITED', detail: 'Too many requests.' }, 429),
      jsonResponse({ token: 'tok-1', expires_at: '2026-11-27T10:00:00Z' }),
    ];
    const calls = fakeFetch((call) => {
      if (call.url.endsWith('/unlock')) return unlockAnswers.shift() as Response;
      if (call.headers['x-status-page-token'] === 'tok-1') return jsonResponse(buildPage({ title: 'Secret page' }));
      return jsonResponse({ code: 'STATUS_PAGE_LOCKED', detail: 'Locked' }, 401);
    });
    renderAt('/status/acme');
    expect(await screen.findByText('This status page is protected')).toBeTruthy();
    const password = screen.getByLabelText('Password');
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));

    fireEvent.change(password, { target: { value: 'wrong horse' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong password.');
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Wait a few minutes and try again.'),
    );
    fireEvent.change(password, { target: { value: 'correct horse' } });
    submit();
    expect(await screen.findByRole('heading', { name: 'Secret page' })).toBeTruthy();
    expect(sessionStorage.getItem('paydar.status-page-token:slug:acme')).toBe('tok-1');
    const unlock = calls.filter((call) => call.url.endsWith('/unlock'));
    expect(unlock.at(-1)).toMatchObject({
      method: 'POST',
      url: `${PAGE_API}/unlock`,
      body: { password: 'correct horse' },
    });
  });

  it('sends the kept token, and forgets it when the server refuses it', async () => {
    sessionStorage.setItem('paydar.status-page-token:slug:acme', 'old');
    const calls = fakeFetch(() => jsonResponse({ code: 'STATUS_PAGE_LOCKED', detail: 'Locked' }, 401));
    renderAt('/status/acme');
    await screen.findByText('This status page is protected');
    expect(calls[0]?.headers['x-status-page-token']).toBe('old');
    expect(sessionStorage.getItem('paydar.status-page-token:slug:acme')).toBeNull();
  });

  it('unlocks by Host on a custom domain', async () => {
    const calls = fakeFetch((call) =>
      call.url.endsWith('/unlock')
        ? jsonResponse({ token: 'tok-2', expires_at: '2026-11-27T10:00:00Z' })
        : call.headers['x-status-page-token'] === 'tok-2'
          ? jsonResponse(buildPage())
          : jsonResponse({ code: 'STATUS_PAGE_LOCKED', detail: 'Locked' }, 401),
    );
    renderAt('/');
    await screen.findByText('This status page is protected');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await screen.findByText('All systems operational');
    expect(calls.map((call) => call.url)).toStrictEqual([
      '/api/v1/public/status_page',
      '/api/v1/public/status_page/unlock',
      '/api/v1/public/status_page',
    ]);
  });
});

describe('a live page', () => {
  it('asks again every 30 s with the ETag, keeps the page on a 304, and takes a changed answer', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-26T10:00:00Z'));
    const answers = [
      jsonResponse(buildPage(), 200, { etag: '"v1"' }),
      jsonResponse(null, 304),
      jsonResponse(buildPage({ banner: 'outage' }), 200, { etag: '"v2"' }),
    ];
    const calls = fakeFetch(() => answers.shift() ?? jsonResponse(null, 304));
    renderAt('/status/acme');
    await screen.findByText('All systems operational');
    expect(screen.getByText('Updated 10:00 UTC')).toBeTruthy();
    expect(calls[0]?.headers['if-none-match']).toBeUndefined();

    vi.setSystemTime(new Date('2026-11-26T10:00:30Z'));
    await act(async () => vi.advanceTimersByTime(REFRESH_MS));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.headers['if-none-match']).toBe('"v1"');
    expect(screen.getByText('All systems operational')).toBeTruthy();

    vi.setSystemTime(new Date('2026-11-26T10:01:00Z'));
    await act(async () => vi.advanceTimersByTime(REFRESH_MS));
    expect(await screen.findByText('We are having an outage')).toBeTruthy();
    expect(screen.getByText('Updated 10:01 UTC')).toBeTruthy();
    expect(calls[2]?.headers['if-none-match']).toBe('"v1"');
  });

  it('asks again when the tab becomes visible, and keeps the page when a refresh fails', async () => {
    let fail = false;
    const calls = fakeFetch(() =>
      fail ? Promise.reject(new TypeError('offline')) : jsonResponse(buildPage(), 200, { etag: '"v1"' }),
    );
    renderAt('/status/acme');
    await screen.findByText('All systems operational');
    fail = true;
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(screen.getByText('All systems operational')).toBeTruthy();
  });
});
