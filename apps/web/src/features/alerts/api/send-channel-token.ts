import { type sendChannelTokenBody, sendChannelTokenResponse } from '@paydar/contracts/alert-channels';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { storeChannels } from './cached-channels';

export type SendChannelTokenInput = z.input<typeof sendChannelTokenBody>;

/** POST alert_channel/send_token: a code by SMS (phone), a link by mail (email), the bot link (telegram). */
export function sendChannelToken(input: SendChannelTokenInput) {
  return api.post('/api/v1/users/alert_channel/send_token', input, sendChannelTokenResponse);
}

export function useSendChannelToken(config: MutationConfig<typeof sendChannelToken> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: sendChannelToken,
    onSuccess: async (...args) => {
      storeChannels(queryClient, args[0].alert_channels);
      await config.onSuccess?.(...args);
    },
  });
}
