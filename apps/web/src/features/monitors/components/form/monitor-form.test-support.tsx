// Shared by the Add / Edit popup tests: fake API, render, and the ways a user works the form.
import { notifications } from '@mantine/notifications';
import type { Profile } from '@paydar/contracts/accounts';
import type { Monitor } from '@paydar/contracts/monitors';
import type { PlanSpecifications } from '@paydar/contracts/plans';
import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
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
  page,
  summaryPage,
  wholeMonitorId,
} from '@/testing/monitor-builders';
import { buildProfile, renderWithProviders, stubFetch } from '@/testing/test-utils';
import { cancelRefreshesAfterCreation } from '../../hooks/use-monitor-form-refresh';
import { MonitorFormModal } from './monitor-form-modal';

export const probers = [
  buildProber({ id: 1, name: 'Tehran' }),
  buildProber({ id: 2, name: 'Frankfurt' }),
  buildProber({ id: 3, name: 'Helsinki' }),
  buildProber({ id: 4, name: 'Amsterdam' }),
  buildProber({ id: 5, name: 'Retired', disabled: true, is_active: false }),
];

/** Everything on a plan that allows it all: only the tests of plan limits use a smaller one. */
export const roomySpecifications: PlanSpecifications = {
  MINIMUM_MONITOR_PERIOD: 5,
  MAXIMUM_MONITOR_COUNT: 100,
  PROBERS: 10,
  PROTOCOL: { HTTP: { AVAILABLE_METHODS: ['GET', 'POST', 'PUT', 'DELETE', 'HEAD'] }, ICMP: {}, TCP: {}, DNS: {} },
  MONITOR_GROUP: true,
  METRIC_HISTORY_DAYS: 90,
};

type Call = { method: string; url: string; body: unknown };

export function stubApi(
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
    if (path === '/api/v1/monitors/') return { body: summaryPage(options.monitors ?? []) };
    if (path.endsWith('/metric')) return { body: buildMetric() };
    const whole = options.monitors?.find((monitor) => monitor.id === wholeMonitorId(path));
    if (whole) return { body: whole };
    return { status: 404, body: { detail: 'Not found.' } };
  });
  return { calls, fetchMock, saves: () => calls.filter((call) => call.method === 'POST' || call.method === 'PUT') };
}

export function signIn(overrides: Partial<Profile> = {}) {
  setSessionToken('key-1', 'local');
  queryClient.setQueryData(profileQueryKey, buildProfile(overrides));
}

export function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

export function renderModal(
  props: { editId?: number; onClose?: () => void; onSaved?: (monitor: Monitor) => void } = {},
) {
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
              <MonitorFormModal opened onClose={onClose} editId={props.editId} onSaved={props.onSaved} />
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

export async function dialog() {
  // The form mounts once the probers have loaded.
  await screen.findByRole('button', { name: /^(Add Monitor|Save)$/ });
  return screen.getByRole('dialog');
}

/** Picks an option of a Mantine Select or MultiSelect by its label. */
export async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/** The chosen values a multi-select shows as pills. */
export function pillsOf(label: string): string[] {
  const root = screen.getByRole('combobox', { name: label }).closest('.mantine-InputWrapper-root');
  return [...(root?.querySelectorAll('.mantine-Pill-root') ?? [])].map((pill) => pill.textContent ?? '');
}

export const submit = () => fireEvent.click(screen.getByRole('button', { name: /^(Add Monitor|Save)$/ }));

// jsdom has no font loading API, which the body's autosizing textarea listens to, and does not
// scroll, which the option lists do to the selected option.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}
Element.prototype.scrollIntoView ??= () => {};

/** Signs in before each test and clears what outlives a rendered tree after it. */
export function setUpFormTests(): void {
  beforeEach(() => signIn());
  afterEach(() => {
    closePlansPopup();
    cancelRefreshesAfterCreation();
    // Toasts live in a module-level store that outlasts each rendered tree.
    act(() => notifications.clean());
  });
}
