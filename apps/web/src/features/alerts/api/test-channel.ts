import { type testChannelBody, testChannelResponse } from '@paydar/contracts/alert-channels';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { notificationHistoryQueryKey } from './get-notification-history';

export type TestChannelInput = z.input<typeof testChannelBody>;

/** POST /api/v1/alert_channels/test: a marked test message to one verified channel, and its outcome. */
export function testChannel(input: TestChannelInput) {
  return api.post('/api/v1/alert_channels/test', input, testChannelResponse);
}

export function useTestChannel(config: MutationConfig<typeof testChannel> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: testChannel,
    // The test is a row of the history, sent or not.
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationHistoryQueryKey }),
  });
}
