// Shared by the Alert Center tests: a fake API that keeps the profile, rendering, and the ways a
// user works the tags.
import { notifications } from '@mantine/notifications';
import { type AlertChannels, completeAlertChannels, type Profile } from '@paydar/contracts/accounts';
import type { Monitor } from '@paydar/contracts/monitors';
import type { NotificationHistoryItem } from '@paydar/contracts/notifications';
import { act, fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach } from 'vitest';
import { profileQueryKey } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { setSessionToken } from '@/lib/session-store';
import { buildSubscription, freeSpecifications, page, summaryPage } from '@/testing/monitor-builders';
import { renderAt as renderRoutedAt } from '@/testing/render-at';
import { buildProfile, stubFetch } from '@/testing/test-utils';

export type Call = { method: string; path: string; search: string; body: unknown };
type Answer = { status?: number; body?: unknown };

export const noChannels = (): AlertChannels => completeAlertChannels({});

export function buildNotification(overrides: Partial<NotificationHistoryItem> = {}): NotificationHistoryItem {
  const id = overrides.id ?? 1;
  return {
    id,
    notification_type: 'email',
    monitor: { id: 7, url: `https://site-${id}.example.test/`, host: null, name: `HTTP:site-${id}` },
    recipient: 'ana@example.test',
    creation_time: '2025-03-05T14:03:09.000Z',
    is_sent: true,
    public_message: 'Delivered.',
    kind: 'down',
    reason: 'HTTP 503',
    state: 'sent',
    sent_time: '2025-03-05T14:03:10.000Z',
    ...overrides,
  };
}

export type AlertsApiOptions = {
  profile?: Partial<Profile>;
  /** Whether the plan rings phones too. */
  voiceCall?: boolean;
  /** All the history the server holds; it answers the asked page of it. */
  history?: NotificationHistoryItem[];
  /** Overrides the answer to PUT /profile (the default keeps the lists, as the server does). */
  saveProfile?: (body: { alert_channels: AlertChannels }) => Answer | undefined;
  sendToken?: (body: { channel_type: string; value: string }) => Answer | undefined;
  verify?: (body: { channel_type: string; value: string; token: string }) => Answer | undefined;
  /** Answers POST /api/v1/alert_channels/test (default: sent). */
  testChannel?: (body: { type: string; value: string }) => Answer | undefined;
  /** The monitors the history filter offers. */
  monitors?: Monitor[];
};

/** A fake of the calls the Alert Center makes; `calls` records them in order. */
export function stubAlertsApi(options: AlertsApiOptions = {}) {
  const calls: Call[] = [];
  let profile = buildProfile(options.profile);
  const verified = (channels: AlertChannels, type: keyof AlertChannels, value: string) =>
    channels[type].some((entry) => entry.value === value && entry.is_verified);
  const markVerified = (type: keyof AlertChannels, value: string) => {
    profile = {
      ...profile,
      alert_channels: {
        ...profile.alert_channels,
        [type]: profile.alert_channels[type].map((entry) =>
          entry.value === value ? { ...entry, is_verified: true } : entry,
        ),
      },
    };
  };
  const keyOf = (type: string) =>
    (({ email: 'emails', phone: 'phones', telegram: 'telegram_usernames', webhook: 'webhooks' }) as const)[
      type as 'email'
    ];

  const fetchMock = stubFetch((url, init) => {
    const parsed = new URL(url);
    const call: Call = {
      method: init.method ?? 'GET',
      path: parsed.pathname,
      search: parsed.search,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const body = call.body as never;
    if (call.path === '/api/v1/users/profile' && call.method === 'GET') return { body: profile };
    if (call.path === '/api/v1/users/profile' && call.method === 'PUT') {
      const custom = options.saveProfile?.(body);
      if (custom) return custom;
      const input = (body as { alert_channels: AlertChannels }).alert_channels;
      const lists = Object.fromEntries(
        (Object.keys(input) as (keyof AlertChannels)[]).map((type) => [
          type,
          input[type].map((entry) => ({
            value: entry.value,
            is_verified: verified(profile.alert_channels, type, entry.value),
          })),
        ]),
      ) as AlertChannels;
      profile = { ...profile, alert_channels: lists };
      return { body: profile };
    }
    if (call.path === '/api/v1/users/alert_channel/send_token') {
      const custom = options.sendToken?.(body);
      if (custom) return custom;
      const { channel_type, value } = body as { channel_type: string; value: string };
      return {
        body: {
          success: true,
          detail: 'Sent.',
          ...(channel_type === 'telegram' ? { link: `t.me/paydar_bot?start=start-${value.slice(1)}` } : {}),
          is_verified: verified(profile.alert_channels, keyOf(channel_type), value),
          alert_channels: profile.alert_channels,
        },
      };
    }
    if (call.path === '/api/v1/users/alert_channel/verify') {
      const custom = options.verify?.(body);
      if (custom) return custom;
      const { channel_type, value } = body as { channel_type: string; value: string };
      markVerified(keyOf(channel_type), value);
      return { body: { success: true, detail: 'Verified.', alert_channels: profile.alert_channels } };
    }
    if (call.path === '/api/v1/alert_channels/test') {
      const custom = options.testChannel?.(body);
      if (custom) return custom;
      const { type, value } = body as { type: string; value: string };
      return {
        body: {
          id: 900,
          notification_type: type === 'phone' ? 'sms' : type,
          recipient: value,
          state: 'sent',
          is_sent: true,
          public_message: 'Sent.',
        },
      };
    }
    if (call.path === '/api/v1/monitors/') {
      return { body: summaryPage(options.monitors ?? []) };
    }
    if (call.path === '/api/v1/notification_history/') {
      const limit = Number(parsed.searchParams.get('limit'));
      const offset = Number(parsed.searchParams.get('offset'));
      const monitorId = parsed.searchParams.get('monitor_id');
      const kind = parsed.searchParams.get('kind');
      const all = (options.history ?? []).filter(
        (item) => (!monitorId || String(item.monitor.id) === monitorId) && (!kind || item.kind === kind),
      );
      return {
        body: { count: all.length, next: null, previous: null, results: all.slice(offset, offset + limit) },
      };
    }
    if (call.path === '/api/v1/users/subscriptions') {
      const subscription = buildSubscription(freeSpecifications);
      subscription.subscription_plan.description.quality.VoiceCall = options.voiceCall ?? false;
      return { body: page([subscription]) };
    }
    return { status: 404, body: { detail: 'Not found.' } };
  });
  return {
    calls,
    fetchMock,
    /** The PUT /profile bodies sent, in order. */
    saves: () =>
      calls.filter((call) => call.method === 'PUT').map((call) => call.body as { alert_channels: AlertChannels }),
    callsTo: (path: string) => calls.filter((call) => call.path === path),
  };
}

export function signIn(overrides: Partial<Profile> = {}) {
  setSessionToken('key-1', 'local');
  queryClient.setQueryData(profileQueryKey, buildProfile(overrides));
}

/** Renders `ui` at `url` in the test providers (no transitions, so popups open at once). */
export const renderAt = (ui: ReactNode, url = '/settings') => renderRoutedAt(ui, url);

/** The tags field of one channel type, by its label. */
export const field = (label: string) => screen.getByRole('textbox', { name: label });

/** Types into a tags field and presses Enter. */
export function addTag(label: string, text: string) {
  const input = field(label);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

/** The tags a field shows, as their titles ('value: verified' or 'value: not verified, …'). */
export function tagsOf(label: string): string[] {
  const root = field(label).closest('.mantine-InputWrapper-root') as HTMLElement;
  return [...root.querySelectorAll('.mantine-Pill-root[title]')].map((pill) => pill.getAttribute('title') ?? '');
}

/** The message shown under a field. */
export function errorOf(label: string): string | null {
  const root = field(label).closest('.mantine-InputWrapper-root') as HTMLElement;
  return root.querySelector('.mantine-InputWrapper-error')?.textContent ?? null;
}

/** Signs in before each test and clears toasts, which live in a module-level store, after it. */
export function setUpAlertTests(overrides: Partial<Profile> = {}): void {
  beforeEach(() => signIn(overrides));
  afterEach(() => {
    act(() => notifications.clean());
  });
}
