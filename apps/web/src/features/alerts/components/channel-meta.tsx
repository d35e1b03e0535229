import type { AlertChannelType } from '@paydar/contracts/alert-channels';
import type { ReactNode } from 'react';
import { MailIcon, PhoneIcon, TelegramIcon } from '@/components/icons';
import { BaleIcon, ChatHashIcon, DiscordIcon, WebhookIcon } from './alert-icons';

/** How each channel type is named and hinted on screen. */
export const CHANNEL_META: Record<AlertChannelType, { label: string; placeholder: string; icon: ReactNode }> = {
  email: { label: 'Email', placeholder: 'Add an email', icon: <MailIcon size={16} /> },
  phone: { label: 'Phone', placeholder: 'Add a number', icon: <PhoneIcon size={16} /> },
  telegram: { label: 'Telegram', placeholder: 'Add a @username', icon: <TelegramIcon size={16} /> },
  bale: { label: 'Bale', placeholder: 'Add a @username', icon: <BaleIcon size={16} /> },
  webhook: { label: 'Webhook', placeholder: 'Add a URL', icon: <WebhookIcon size={16} /> },
  slack: { label: 'Slack', placeholder: 'Add a Slack webhook URL', icon: <ChatHashIcon size={16} /> },
  discord: { label: 'Discord', placeholder: 'Add a Discord webhook URL', icon: <DiscordIcon size={16} /> },
  mattermost: { label: 'Mattermost', placeholder: 'Add a Mattermost webhook URL', icon: <ChatHashIcon size={16} /> },
};
