import type { AlertChannelType } from '@paydar/contracts/alert-channels';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useTestChannel } from '../api/test-channel';

/** What became of the last test of one channel, shown beside it. */
export type ChannelTestOutcome = { value: string; status: 'sending' | 'sent' | 'failed'; message: string };

/**
 * "Send test" for the verified channels of one type: one test at a time per channel, and the
 * outcome of the last one (sent, or the server's words why not) to show where it was asked for.
 */
export function useChannelTests(type: AlertChannelType) {
  const [outcome, setOutcome] = useState<ChannelTestOutcome | null>(null);
  const mutation = useTestChannel();
  const send = (value: string) => {
    if (outcome?.status === 'sending') return;
    setOutcome({ value, status: 'sending', message: 'Sending a test message…' });
    mutation.mutate(
      { type, value },
      {
        onSuccess: (answer) =>
          setOutcome({
            value,
            status: answer.is_sent ? 'sent' : 'failed',
            message: answer.is_sent ? `Test sent: ${answer.public_message}` : answer.public_message,
          }),
        onError: (error) => setOutcome({ value, status: 'failed', message: errorMessage(error) }),
      },
    );
  };
  return {
    send,
    outcome,
    /** The value whose test is on its way, if any. */
    sendingTo: outcome?.status === 'sending' ? outcome.value : null,
    dismiss: () => setOutcome(null),
  };
}
