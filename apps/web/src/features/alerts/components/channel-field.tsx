import { Stack, Text } from '@mantine/core';
import { type AlertChannelType, CHAT_WEBHOOK_NAMES, isChatWebhook } from '@paydar/contracts/alert-channels';
import { useProfile } from '@/lib/auth';
import { useChannelList } from '../hooks/use-channel-list';
import { useChannelTests } from '../hooks/use-channel-tests';
import { useVoiceCallPlan } from '../hooks/use-voice-call-plan';
import { CHANNEL_META } from './channel-meta';
import { ChannelTagsInput } from './channel-tags-input';
import { ChannelTestOutcomeLine } from './channel-test-outcome';
import { ChatWebhookHint } from './chat-webhook-hint';
import { EmailHint } from './email-hint';
import { TelegramHint } from './telegram-hint';
import { WebhookHint } from './webhook-hint';

type ChannelFieldProps = {
  type: AlertChannelType;
  disabled?: boolean;
  /** Phones: starts the verification of a number. */
  onVerify?: (value: string) => void;
  verifying?: string | null;
};

function description(type: AlertChannelType, voiceCall: boolean): string {
  if (type === 'email') return 'Alerts by email';
  if (type === 'phone') return voiceCall ? 'Alerts by SMS and a voice call' : 'Alerts by SMS';
  if (type === 'telegram') return 'Alerts from our Telegram bot';
  if (type === 'bale') return 'Alerts from our Bale bot';
  if (isChatWebhook(type)) return `Alerts posted to a ${CHAT_WEBHOOK_NAMES[type]} channel`;
  return 'Alerts as a signed JSON POST to your address';
}

/** One channel type of the Alert Center: its tags, and how its channels get verified. */
export function ChannelField({ type, disabled, onVerify, verifying }: ChannelFieldProps) {
  const list = useChannelList(type);
  const voiceCall = useVoiceCallPlan();
  const { data: me } = useProfile();
  const meta = CHANNEL_META[type];
  const tests = useChannelTests(type);
  const unverifiedPhone = type === 'phone' && list.entries.some((entry) => !entry.is_verified);
  return (
    <Stack gap={6}>
      <ChannelTagsInput
        label={meta.label}
        description={description(type, voiceCall)}
        placeholder={meta.placeholder}
        icon={meta.icon}
        entries={list.entries}
        onAdd={list.add}
        onRemove={list.remove}
        error={list.error}
        onClearError={list.clearError}
        disabled={disabled}
        saving={list.saving}
        onVerify={type === 'phone' ? onVerify : undefined}
        verifying={verifying}
        onTest={disabled ? undefined : tests.send}
        testing={tests.sendingTo}
      />
      {tests.outcome && <ChannelTestOutcomeLine outcome={tests.outcome} onDismiss={tests.dismiss} />}
      {type === 'email' && <EmailHint entries={list.entries} />}
      {unverifiedPhone && (
        <Text size="xs" c="dimmed">
          An unverified number gets no alerts: press Verify and enter the code we send by SMS.
        </Text>
      )}
      {(type === 'telegram' || type === 'bale') && (
        // A name just added is shown at once but is not on the server until its save ends: its
        // start link can only be made after that.
        <TelegramHint messenger={type} entries={list.entries} disabled={disabled || list.saving} />
      )}
      {isChatWebhook(type) && !disabled && <ChatWebhookHint type={type} entries={list.entries} />}
      {type === 'webhook' && me && !disabled && <WebhookHint entries={list.entries} secret={me.webhook_secret} />}
    </Stack>
  );
}
