import { ALERT_CHANNEL_TYPES, type AlertChannelType } from '@paydar/contracts/alert-channels';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { notify } from '@/lib/notify';
import { useVerifyChannel } from '../api/verify-channel';

const PARAMS = ['verify_channel', 'value', 'token'] as const;

const isChannelType = (type: string | null): type is AlertChannelType =>
  ALERT_CHANNEL_TYPES.includes(type as AlertChannelType);

/**
 * An email's confirmation link lands on `/settings?verify_channel=email&value=…&token=…`: the
 * token is checked once, the outcome toasted (spec §8), and the query taken out of the address.
 */
export function useEmailLinkVerification(): void {
  const [params, setParams] = useSearchParams();
  const started = useRef(false);
  const verify = useVerifyChannel({
    // Given to the hook, not to `mutate`, so the toast comes even if the user has moved on.
    onSuccess: (_answer, input) => notify.success(`Your ${input.channel_type} is now verified!`),
    onError: () => notify.error('Something went wrong!'),
  });
  const type = params.get('verify_channel');
  const value = params.get('value');
  const token = params.get('token');

  useEffect(() => {
    if (started.current || !isChannelType(type) || !value || !token) return;
    started.current = true;
    verify.mutate({ channel_type: type, value, token });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [type, value, token, verify, setParams]);
}
