import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { completeAlertChannels, type Profile } from '@paydar/contracts/accounts';
import type { RuntimeConfig } from '@paydar/contracts/runtime-config';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/runtime-config';
import { endSession } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';

/** A `matchMedia` answer for jsdom, which has none: `matches` as given, listeners ignored. */
function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  } as MediaQueryList;
}

// jsdom lacks what Mantine measures with.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => mediaQueryList(query, false);
}
if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

export const testConfig: RuntimeConfig = {
  productName: 'Paydar',
  apiBaseUrl: 'https://api.example.test',
  dashboardUrl: 'https://app.example.test',
  telegramBotLink: 'https://t.me/paydar_bot',
  baleBotLink: 'https://ble.ir/paydar_bot',
  supportEmail: 'support@example.test',
  supportPhone: '+98 21 0000 0000',
  supportTelegram: '@paydar_support',
  analyticsEndpoint: null,
};
setRuntimeConfig(testConfig);

// Vitest runs without globals, so Testing Library's automatic cleanup is registered here.
afterEach(() => {
  cleanup();
  endSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

export function buildProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 1,
    email: 'ana@example.test',
    is_verified: true,
    is_staff: false,
    is_demo: false,
    charged_budget: 125_000,
    alert_channels: completeAlertChannels({}),
    labels: [],
    uid: 'key-1',
    webhook_secret: 'webhook-secret-1',
    pending_email: null,
    time_zone: 'Asia/Tehran',
    calendar: 'gregorian',
    ...overrides,
  };
}

/** A fetch stub answering with JSON; the calls are on the returned mock. */
export function stubFetch(answer: (url: string, init: RequestInit) => { status?: number; body?: unknown }) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const { status = 200, body } = answer(String(input), init);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Screen width for Mantine's useMediaQuery: `matches` follows min-width and max-width queries. */
export function setScreenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    if (!min && !max) return mediaQueryList(query, false);
    return mediaQueryList(query, (!min || width >= Number(min[1])) && (!max || width <= Number(max[1])));
  });
}

export interface ProviderOptions {
  /** Mantine's `test` environment: no transitions, so option lists and popups open at once. */
  mantineEnv?: 'default' | 'test';
}

/** The providers the app wraps every screen in: Mantine with notifications, and the query client. */
export function withProviders(ui: ReactNode, { mantineEnv }: ProviderOptions = {}) {
  return (
    <MantineProvider env={mantineEnv}>
      <Notifications />
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>
  );
}

export function renderWithProviders(ui: ReactNode, options: ProviderOptions = {}) {
  return render(withProviders(ui, options));
}
