import { type verifyChannelBody, verifyChannelResponse } from '@paydar/contracts/alert-channels';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { storeChannels } from './cached-channels';

export type VerifyChannelInput = z.input<typeof verifyChannelBody>;

/** POST alert_channel/verify: a phone's SMS code, or the token of an email's confirmation link. */
export function verifyChannel(input: VerifyChannelInput) {
  return api.post('/api/v1/users/alert_channel/verify', input, verifyChannelResponse);
}

export function useVerifyChannel(config: MutationConfig<typeof verifyChannel> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: verifyChannel,
    onSuccess: async (...args) => {
      storeChannels(queryClient, args[0].alert_channels);
      await config.onSuccess?.(...args);
    },
  });
}
