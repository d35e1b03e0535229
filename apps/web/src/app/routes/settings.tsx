import { Container, Stack, Text, Title } from '@mantine/core';
import { AlertChannelsCard } from '@/features/alerts/components/alert-channels-card';
import { NotificationHistoryCard } from '@/features/alerts/components/notification-history-card';
import { useEmailLinkVerification } from '@/features/alerts/hooks/use-email-link-verification';

/** /settings: the Alert Center (spec §2): the alert channels, then the notification history. */
export default function SettingsRoute() {
  useEmailLinkVerification();
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <Stack gap={2}>
          <Title order={1} fz={26}>
            Alert Center
          </Title>
          <Text size="sm" c="dimmed">
            Where alerts go when a monitor goes down or comes back up, and what was sent.
          </Text>
        </Stack>
        <AlertChannelsCard columns={2} />
        <NotificationHistoryCard />
      </Stack>
    </Container>
  );
}
