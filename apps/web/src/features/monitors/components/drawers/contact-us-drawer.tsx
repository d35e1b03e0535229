import { Anchor, Drawer, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { MailIcon, PhoneIcon, TelegramIcon } from '@/components/icons';
import { getRuntimeConfig } from '@/config/runtime-config';
import { drawerStyles } from './drawer-styles';

type ContactUsDrawerProps = { opened: boolean; onClose: () => void };

/** '@handle' or a full link: where the support Telegram opens. */
export function telegramLink(handle: string): string {
  return /^https?:\/\//.test(handle) ? handle : `https://t.me/${handle.replace(/^@/, '')}`;
}

function Channel({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <ThemeIcon variant="light" size="lg" radius="md">
        {icon}
      </ThemeIcon>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        {children}
      </Stack>
    </Group>
  );
}

/** The contact-us drawer (spec §2 "Drawers"): the support contacts of this deployment. */
export function ContactUsDrawer({ opened, onClose }: ContactUsDrawerProps) {
  const { productName, supportEmail, supportPhone, supportTelegram } = getRuntimeConfig();
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title="Contact us" styles={drawerStyles}>
      <Stack gap="lg">
        <Text size="sm">
          Questions about {productName}, your monitors or your plan? Write to us or call; we answer as soon as we can.
        </Text>
        <Channel icon={<MailIcon size={18} />} label="Email">
          <Anchor href={`mailto:${supportEmail}`} size="sm" style={{ wordBreak: 'break-all' }}>
            {supportEmail}
          </Anchor>
        </Channel>
        <Channel icon={<PhoneIcon size={18} />} label="Phone">
          <Anchor href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`} size="sm" dir="ltr">
            {supportPhone}
          </Anchor>
        </Channel>
        <Channel icon={<TelegramIcon size={18} />} label="Telegram">
          <Anchor href={telegramLink(supportTelegram)} target="_blank" rel="noopener noreferrer" size="sm">
            {supportTelegram}
          </Anchor>
        </Channel>
      </Stack>
    </Drawer>
  );
}
