import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ALERT_CHANNEL_TYPES } from '@paydar/contracts/alert-channels';
import { useProfile } from '@/lib/auth';
import { usePhoneVerification } from '../hooks/use-phone-verification';
import { ChannelField } from './channel-field';
import { DemoNotice } from './demo-notice';
import { PhoneVerificationModal } from './phone-verification-modal';

type AlertChannelsCardProps = {
  /** Two columns on wide screens (the page), one in the narrow drawer. */
  columns?: 1 | 2;
  /** Inside the drawer the card has no frame of its own. */
  framed?: boolean;
};

/** The "Alerting channels" card (spec §2 Alert Center): one tags field per channel type. */
export function AlertChannelsCard({ columns = 1, framed = true }: AlertChannelsCardProps) {
  const { data: me } = useProfile();
  const demo = me?.is_demo === true;
  const phone = usePhoneVerification();
  return (
    <Paper
      component="section"
      aria-labelledby="alerting-channels-title"
      withBorder={framed}
      radius="md"
      p={framed ? { base: 'md', sm: 'lg' } : 0}
      bg={framed ? undefined : 'transparent'}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id="alerting-channels-title">
            Alerting channels
          </Title>
          <Text size="sm" c="dimmed">
            {demo ? '' : 'Type a channel and press Enter to add it. '}Alerts go to verified channels only: an unverified
            one gets none until it is verified.
          </Text>
        </Stack>
        {demo && <DemoNotice />}
        <SimpleGrid cols={{ base: 1, md: columns }} spacing="xl" verticalSpacing="lg">
          {ALERT_CHANNEL_TYPES.map((type) => (
            <ChannelField
              key={type}
              type={type}
              disabled={demo}
              onVerify={type === 'phone' ? phone.start : undefined}
              verifying={type === 'phone' ? phone.sendingTo : undefined}
            />
          ))}
        </SimpleGrid>
      </Stack>
      <PhoneVerificationModal
        phone={phone.phone}
        onClose={phone.close}
        onResend={phone.resend}
        resending={phone.resending}
      />
    </Paper>
  );
}
