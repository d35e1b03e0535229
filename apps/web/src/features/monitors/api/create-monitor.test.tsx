// @vitest-environment jsdom

import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useProfile } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { setSessionToken } from '@/lib/session-store';
import { buildShopMonitor, summaryPage } from '@/testing/monitor-builders';
import { buildProfile, stubFetch } from '@/testing/test-utils';
import { useCreateMonitor } from './create-monitor';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

describe('adding a monitor', () => {
  it('reloads the profile: a first monitor lists the login address as the email channel alerts go to', async () => {
    setSessionToken('key', 'local');
    const login = 'new-user@example.test';
    let created = false;
    stubFetch((url, init) => {
      const path = new URL(url).pathname;
      if (init.method === 'POST') {
        created = true;
        return { status: 201, body: buildShopMonitor({ id: 9, alert: [{ type: 'emails', value: login }] }) };
      }
      if (path === '/api/v1/users/profile') {
        const emails = created ? [{ value: login, is_verified: true }] : [];
        return { body: buildProfile({ email: login, alert_channels: { ...buildProfile().alert_channels, emails } }) };
      }
      return { body: summaryPage([]) };
    });
    const { result } = renderHook(() => ({ me: useProfile(), create: useCreateMonitor() }), { wrapper });
    await waitFor(() => expect(result.current.me.isSuccess).toBe(true));
    expect(result.current.me.data?.alert_channels.emails).toEqual([]);

    await act(() => result.current.create.mutateAsync({ protocol_type: 'HTTP', url: 'shop.example.test', period: 60 }));

    await waitFor(() =>
      expect(result.current.me.data?.alert_channels.emails).toEqual([{ value: login, is_verified: true }]),
    );
  });
});
