import { useState } from 'react';
import { notify } from '@/lib/notify';
import { useSendChannelToken } from '../api/send-channel-token';

/**
 * The phone verification flow (spec §8): a code is sent by SMS ('We sent a verification code to
 * {value}'), then the popup asks for it. `phone` is the number the popup is open for.
 */
export function usePhoneVerification() {
  const [phone, setPhone] = useState<string | null>(null);
  const send = useSendChannelToken({
    onSuccess: (answer, input) => {
      notify.success(`We sent a verification code to ${input.value}`, { carryOver: true });
      // A number verified meanwhile (another tab) has nothing left to enter.
      if (!answer.is_verified) setPhone(input.value);
    },
    onError: () => notify.error('Something went wrong!'),
  });
  return {
    phone,
    /** The number whose code is being sent, if any. */
    sendingTo: send.isPending ? (send.variables?.value ?? null) : null,
    start: (value: string) => send.mutate({ channel_type: 'phone', value }),
    resend: () => phone && send.mutate({ channel_type: 'phone', value: phone }),
    resending: send.isPending && phone !== null,
    close: () => setPhone(null),
  };
}
