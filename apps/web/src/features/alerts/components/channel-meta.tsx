import type { AlertChannelType } from '@paydar/contracts/alert-channels';
import type { ReactNode } from 'react';
import { MailIcon, PhoneIcon, TelegramIcon } from '@/components/icons';
import { WebhookIcon } from './alert-icons';

/** How each channel type is named and hinted on screen. */
export const CHANNEL_META: Record<AlertChannelType, { label: string; placeholder: string; icon: ReactNode }> = {
  email: { label: 'Email', placeholder: 'Add an email', icon: <MailIcon size={16} /> },
  phone: { label: 'Phone', placeholder: 'Add a number', icon: <PhoneIcon size={16} /> },
  telegram: { label: 'Telegram', placeholder: 'Add a @username', icon: <TelegramIcon size={16} /> },
  webhook: { label: 'Webhook', placeholder: 'Add a URL', icon: <WebhookIcon size={16} /> },
};
