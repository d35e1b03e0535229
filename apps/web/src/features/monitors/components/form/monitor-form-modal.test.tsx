// @vitest-environment jsdom

import { notifications } from '@mantine/notifications';
import type { Profile } from '@paydar/contracts/accounts';
import type { Monitor } from '@paydar/contracts/monitors';
import type { PlanSpecifications } from '@paydar/contracts/plans';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlansPopupHost } from '@/app/layout/plans-popup-host';
import { profileQueryKey } from '@/lib/auth';
import { closePlansPopup } from '@/lib/plans-popup';
import { queryClient } from '@/lib/query-client';
import { setSessionToken } from '@/lib/session-store';
import {
  buildMetric,
  buildProber,
  buildShopMonitor,
  buildSubscription,
  freeSpecifications,
  page,
} from '@/testing/monitor-builders';
import { buildProfile, renderWithProviders, stubFetch } from '@/testing/test-utils';
import { metricQueryKey } from '../../api/get-metric';
import { cancelRefreshesAfterCreation, pendingRefreshCount } from '../../hooks/use-monitor-form-refresh';
import { MonitorFormModal } from './monitor-form-modal';

const probers = [
  buildProber({ id: 1, name: 'Tehran' }),
  buildProber({ id: 2, name: 'Frankfurt' }),
  buildProber({ id: 3, name: 'Helsinki' }),
  buildProber({ id: 4, name: 'Amsterdam' }),
  buildProber({ id: 5, name: 'Retired', disabled: true, is_active: false }),
];

/** Everything on a plan that allows it all: only the tests of plan limits use a smaller one. */
const roomySpecifications: PlanSpecifications = {
  MINIMUM_MONITOR_PERIOD: 5,
  MAXIMUM_MONITOR_COUNT: 100,
  PROBERS: 10,
  PROTOCOL: { HTTP: { AVAILABLE_METHODS: ['GET', 'POST', 'PUT', 'DELETE', 'HEAD'] }, ICMP: {}, TCP: {}, DNS: {} },
  MONITOR_GROUP: true,
  METRIC_HISTORY_DAYS: 90,
};

type Call = { method: string; url: string; body: unknown };

function stubApi(
  options: {
    plan?: PlanSpecifications;
    monitors?: Monitor[];
    save?: (call: Call) => { status?: number; body?: unknown };
  } = {},
) {
  const calls: Call[] = [];
  const fetchMock = stubFetch((url, init) => {
    const call = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const path = new URL(url).pathname;
    if (call.method === 'POST' || call.method === 'PUT') {
      return options.save?.(call) ?? { body: buildShopMonitor({ id: 42, ...(call.body as object), probers: [] }) };
    }
    if (path === '/api/v1/probers/') return { body: page(probers) };
    if (path === '/api/v1/users/subscriptions')
      return { body: page([buildSubscription(options.plan ?? roomySpecifications)]) };
    if (path === '/api/v2/users/subscription_plans') return { body: page([]) };
    if (path === '/api/v1/monitors/') return { body: page(options.monitors ?? []) };
    if (path.endsWith('/metric')) return { body: buildMetric() };
    return { status: 404, body: { detail: 'Not found.' } };
  });
  return { calls, fetchMock, saves: () => calls.filter((call) => call.method === 'POST' || call.method === 'PUT') };
}

function signIn(overrides: Partial<Profile> = {}) {
  setSessionToken('key-1', 'local');
  queryClient.setQueryData(profileQueryKey, buildProfile(overrides));
}

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderModal(props: { monitor?: Monitor; onClose?: () => void; onSaved?: (monitor: Monitor) => void } = {}) {
  const onClose = props.onClose ?? vi.fn();
  // Mantine's test environment: no transitions, so option lists open at once.
  const view = renderWithProviders(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <Location />
              <MonitorFormModal opened onClose={onClose} monitor={props.monitor} onSaved={props.onSaved} />
              {/* The app layout's one Plans popup, which Upgrade Plan opens. */}
              <PlansPopupHost />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
    { mantineEnv: 'test' },
  );
  return { ...view, onClose };
}

async function dialog() {
  // The form mounts once the probers have loaded.
  await screen.findByRole('button', { name: /^(Add Monitor|Save)$/ });
  return screen.getByRole('dialog');
}

/** Picks an option of a Mantine Select or MultiSelect by its label. */
async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/** The chosen values a multi-select shows as pills. */
function pillsOf(label: string): string[] {
  const root = screen.getByRole('combobox', { name: label }).closest('.mantine-InputWrapper-root');
  return [...(root?.querySelectorAll('.mantine-Pill-root') ?? [])].map((pill) => pill.textContent ?? '');
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: /^(Add Monitor|Save)$/ }));

// jsdom has no font loading API, which the body's autosizing textarea listens to, and does not
// scroll, which the option lists do to the selected option.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}
Element.prototype.scrollIntoView ??= () => {};
// Each test renders the whole popup and some open the lazily loaded Plans popup: slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => signIn());
afterEach(() => {
  closePlansPopup();
  cancelRefreshesAfterCreation();
  // Toasts live in a module-level store that outlasts each rendered tree.
  act(() => notifications.clean());
});

describe('Add Monitor: defaults (spec §5)', () => {
  it('starts as HTTP(S), 5 min, 0.5 sec, GET, enabled, with three enabled probers', async () => {
    stubApi();
    renderModal();
    const form = await dialog();
    expect(within(form).getByRole('radio', { name: 'HTTP(S)' })).toHaveProperty('checked', true);
    expect(within(form).getByRole('textbox', { name: 'URL' })).toHaveProperty('value', '');
    expect(within(form).getByRole('combobox', { name: 'Period' })).toHaveProperty('value', '5 min');
    expect(within(form).getByRole('combobox', { name: 'Expected time' })).toHaveProperty('value', '0.5 sec');
    expect(within(form).getByRole('combobox', { name: 'Method' })).toHaveProperty('value', 'GET');
    expect(within(form).getByRole('switch', { name: 'Enabled' })).toHaveProperty('checked', true);
    expect(pillsOf('Probers')).toEqual(['Tehran (DE)', 'Frankfurt (DE)', 'Helsinki (DE)']);
    expect(within(form).queryByRole('textbox', { name: 'Body' })).toBeNull();
  });

  it('offers every option list of the spec', async () => {
    stubApi();
    renderModal();
    await dialog();
    const optionsOf = async (label: string) => {
      fireEvent.click(screen.getByRole('combobox', { name: label }));
      const listbox = await screen.findByRole('listbox', { name: label });
      const names = within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent);
      fireEvent.keyDown(screen.getByRole('combobox', { name: label }), { key: 'Escape' });
      return names;
    };
    expect(await optionsOf('Period')).toEqual([
      '5 sec',
      '15 sec',
      '30 sec',
      '1 min',
      '3 min',
      '5 min',
      '10 min',
      '30 min',
    ]);
    expect(await optionsOf('Expected time')).toEqual(['0.125 sec', '0.25 sec', '0.5 sec', '1 sec', '2 sec']);
    expect(await optionsOf('Method')).toEqual(['GET', 'POST', 'PUT', 'DELETE', 'HEAD']);
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'HTTP',
      'ICMP',
      'TCP',
      'DNS',
    ]);
  });

  it('shows the body only for POST and PUT', async () => {
    stubApi();
    renderModal();
    await dialog();
    for (const [method, hasBody] of [
      ['POST', true],
      ['DELETE', false],
      ['PUT', true],
      ['HEAD', false],
      ['GET', false],
    ] as const) {
      await choose('Method', method);
      expect(screen.queryByRole('textbox', { name: 'Body' }) !== null).toBe(hasBody);
    }
  });

  it('DNS asks for the server, the query name and the type (default A, twelve types)', async () => {
    stubApi();
    renderModal();
    await dialog();
    fireEvent.click(screen.getByRole('radio', { name: 'DNS' }));
    expect(screen.getByRole('textbox', { name: 'DNS server' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Query name' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Query type' })).toHaveProperty('value', 'A');
    expect(screen.queryByRole('combobox', { name: 'Method' })).toBeNull();
    fireEvent.click(screen.getByRole('combobox', { name: 'Query type' }));
    const listbox = await screen.findByRole('listbox', { name: 'Query type' });
    expect(within(listbox).getAllByRole('option')).toHaveLength(12);
  });

  it('adds and removes header rows', async () => {
    stubApi();
    renderModal();
    await dialog();
    fireEvent.click(screen.getByRole('button', { name: 'Add header' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add header' }));
    expect(screen.getAllByRole('textbox', { name: /^Header \d name$/ })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Remove header 1' }));
    expect(screen.getAllByRole('textbox', { name: /^Header \d name$/ })).toHaveLength(1);
  });

  it("offers the user's alert channels", async () => {
    signIn({
      alert_channels: {
        emails: [{ value: 'ops@example.test', is_verified: true }],
        phones: [{ value: '+989120000000', is_verified: false }],
        telegram_usernames: [],
        webhooks: [{ value: 'https://hooks.example.test/x', is_verified: true }],
      },
    });
    stubApi();
    renderModal();
    await dialog();
    fireEvent.click(screen.getByRole('combobox', { name: 'Alert channels' }));
    const listbox = await screen.findByRole('listbox', { name: 'Alert channels' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['ops@example.test', '+989120000000 (not verified)', 'https://hooks.example.test/x']);
  });

  it('shows groups only when the plan has the monitor-group feature', async () => {
    stubApi({ plan: freeSpecifications });
    renderModal();
    await dialog();
    await vi.waitFor(() => expect(queryClient.getQueryData(['users', 'subscriptions'])).toBeTruthy());
    expect(screen.queryByRole('combobox', { name: 'Groups' })).toBeNull();
  });

  it('a disabled prober cannot be chosen; at most three chosen ones are shown', async () => {
    stubApi();
    renderModal();
    await dialog();
    fireEvent.click(screen.getByRole('combobox', { name: 'Probers' }));
    const listbox = await screen.findByRole('listbox', { name: 'Probers' });
    expect(within(listbox).queryByRole('option', { name: /Retired/ })).toBeNull();
    fireEvent.click(within(listbox).getByRole('option', { name: 'Amsterdam (DE)' }));
    expect(pillsOf('Probers')).toEqual(['Tehran (DE)', 'Frankfurt (DE)', 'Helsinki (DE)', '+1 more']);
  });
});

describe('Edit Monitor', () => {
  it('shows protocol and address read-only, with the monitor’s values', async () => {
    stubApi();
    renderModal({
      monitor: buildShopMonitor({ http_method: 'POST', http_body: '{"a":1}', period: 600, alias: 'Shop' }),
    });
    await dialog();
    expect(screen.getByRole('heading', { name: 'Edit Monitor' })).toBeTruthy();
    const protocol = screen.getByRole('textbox', { name: 'Protocol' });
    expect(protocol).toHaveProperty('value', 'HTTP(S)');
    expect(protocol).toHaveProperty('readOnly', true);
    const url = screen.getByRole('textbox', { name: 'URL' });
    expect(url).toHaveProperty('value', 'https://example.test/health');
    expect(url).toHaveProperty('readOnly', true);
    expect(screen.queryByRole('radio', { name: 'TCP' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveProperty('value', '10 min');
    expect(screen.getByRole('textbox', { name: 'Body' })).toHaveProperty('value', '{"a":1}');
  });

  it('saves with PUT, toasts and closes', async () => {
    const api = stubApi();
    const onSaved = vi.fn();
    const { onClose } = renderModal({ monitor: buildShopMonitor({ id: 7 }), onSaved });
    await dialog();
    fireEvent.change(screen.getByRole('textbox', { name: 'Alias' }), { target: { value: 'Renamed' } });
    submit();
    expect(await screen.findByText('Your monitor edited successfully!')).toBeTruthy();
    expect(api.saves()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: 'https://api.example.test/api/v1/monitors/7/',
        body: expect.objectContaining({ alias: 'Renamed', url: 'https://example.test/health', protocol_type: 'HTTP' }),
      }),
    ]);
    expect(onClose).toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ alias: 'Renamed' }));
    expect(pendingRefreshCount()).toBe(0);
  });

  it('keeps a protected monitor’s switch fixed', async () => {
    stubApi();
    renderModal({ monitor: buildShopMonitor({ is_protected: true }) });
    await dialog();
    expect(screen.getByRole('switch', { name: /^Enabled/ })).toHaveProperty('disabled', true);
    expect(screen.getByText('A protected monitor cannot be switched off.')).toBeTruthy();
  });
});

describe('validation', () => {
  it("an empty address shows 'Please fill all fields.' and sends nothing", async () => {
    const api = stubApi();
    renderModal();
    await dialog();
    submit();
    expect(await screen.findByText('Please fill all fields.')).toBeTruthy();
    expect(api.saves()).toEqual([]);
  });

  it('no prober left shows the same text', async () => {
    const api = stubApi();
    renderModal();
    await dialog();
    fireEvent.change(screen.getByRole('textbox', { name: 'URL' }), { target: { value: 'example.com' } });
    for (let index = 0; index < 3; index++) {
      const pills = screen.getByRole('combobox', { name: 'Probers' }).closest('.mantine-MultiSelect-root');
      const remove = pills?.querySelector('.mantine-Pill-remove');
      if (remove) fireEvent.click(remove);
    }
    submit();
    expect(await screen.findByText('Please fill all fields.')).toBeTruthy();
    expect(api.saves()).toEqual([]);
  });

  it('a period under the plan minimum shows the limit with Upgrade Plan, which opens the plans', async () => {
    const api = stubApi({ plan: freeSpecifications });
    const { onClose } = renderModal();
    await dialog();
    await vi.waitFor(() => expect(queryClient.getQueryData(['users', 'subscriptions'])).toBeTruthy());
    fireEvent.change(screen.getByRole('textbox', { name: 'URL' }), { target: { value: 'example.com' } });
    await choose('Period', '1 min');
    submit();
    expect(await screen.findByText("You can't select fewer than 5 min")).toBeTruthy();
    expect(api.saves()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade Plan' }));
    expect(await screen.findByRole('heading', { name: 'Plans' })).toBeTruthy();
    // Escape closes the Plans popup, not the form under it.
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: 'Plans' })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'URL' })).toHaveProperty('value', 'example.com');
  });

  it.each([
    [
      'a protocol the plan lacks',
      async () => fireEvent.click(screen.getByRole('radio', { name: 'TCP' })),
      'Enabled protocols can only be selected.',
    ],
    ['a method the plan lacks', async () => choose('Method', 'POST'), 'Enabled methods can only be selected.'],
  ])('%s', async (_, act, text) => {
    const api = stubApi({ plan: freeSpecifications });
    renderModal();
    await dialog();
    await vi.waitFor(() => expect(queryClient.getQueryData(['users', 'subscriptions'])).toBeTruthy());
    fireEvent.change(screen.getByRole('textbox', { name: /^(URL|Host)$/ }), { target: { value: 'example.com' } });
    await act();
    submit();
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade Plan' })).toBeTruthy();
    expect(api.saves()).toEqual([]);
  });

  it('at the plan’s monitor count, adding shows the count limit', async () => {
    const api = stubApi({
      plan: freeSpecifications,
      monitors: Array.from({ length: 5 }, (_, index) => buildShopMonitor({ id: index + 1 })),
    });
    renderModal();
    await dialog();
    await vi.waitFor(() => expect(queryClient.getQueryData(['monitors', 'list'])).toBeTruthy());
    await vi.waitFor(() => expect(queryClient.getQueryData(['users', 'subscriptions'])).toBeTruthy());
    fireEvent.change(screen.getByRole('textbox', { name: 'URL' }), { target: { value: 'example.com' } });
    submit();
    expect(await screen.findByText("You can't add more than 5 monitors")).toBeTruthy();
    expect(api.saves()).toEqual([]);
  });

  it("shows the server's text when it refuses", async () => {
    stubApi({
      save: () => ({ status: 400, body: { detail: 'url: Enter a valid URL.', url: ['Enter a valid URL.'] } }),
    });
    const { onClose } = renderModal();
    await dialog();
    fireEvent.change(screen.getByRole('textbox', { name: 'URL' }), { target: { value: 'http://exa mple' } });
    submit();
    expect(await screen.findByText('url: Enter a valid URL.')).toBeTruthy();
    expect(screen.getByText('Enter a valid URL.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a server plan limit comes with Upgrade Plan', async () => {
    stubApi({
      save: () => ({ status: 403, body: { detail: "You can't add more than 5 monitors", code: 'PLAN_LIMIT' } }),
    });
    renderModal();
    await dialog();
    fireEvent.change(screen.getByRole('textbox', { name: 'URL' }), { target: { value: 'example.com' } });
    submit();
    expect(await screen.findByText("You can't add more than 5 monitors")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade Plan' })).toBeTruthy();
  });
});

describe('after creation', () => {
  it('sends the normalised monitor, toasts, closes, opens it, and refreshes it 30 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = stubApi();
      const onSaved = vi.fn();
      const view = renderModal({ onSaved });
      await dialog();
      fireEvent.click(screen.getByRole('radio', { name: 'TCP' }));
      fireEvent.change(screen.getByRole('textbox', { name: 'Host' }), { target: { value: 'db.example.test' } });
      fireEvent.change(screen.getByRole('textbox', { name: 'Alias' }), { target: { value: ' Database ' } });
      submit();
      expect(await screen.findByText('Your monitor created!')).toBeTruthy();
      expect(api.saves()).toEqual([
        {
          method: 'POST',
          url: 'https://api.example.test/api/v1/monitors/',
          body: expect.objectContaining({
            protocol_type: 'TCP',
            host: 'db.example.test:80',
            url: null,
            alias: 'Database',
            period: 300,
            apdex: 0.5,
            probers: [1, 2, 3],
            is_enabled: true,
          }),
        },
      ]);
      expect(view.onClose).toHaveBeenCalled();
      expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 42 }));
      await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/monitor/42'));

      // The popup is gone; the refresh is not.
      view.unmount();
      expect(pendingRefreshCount()).toBe(1);
      const metricCalls = () => api.calls.filter((call) => call.url.includes('/42/metric'));
      await act(() => vi.advanceTimersByTimeAsync(29_000));
      expect(metricCalls()).toEqual([]);
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      await vi.waitFor(() => expect(queryClient.getQueryData(metricQueryKey(42, 'today'))).toBeTruthy());
      expect(metricCalls().map((call) => call.url)).toEqual([
        'https://api.example.test/api/v1/monitors/42/metric?cache=False',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
