import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { NOTIFICATION_DURATION_MS } from '@/lib/notify';
import { openPlansPopup } from '@/lib/plans-popup';

let lastNoticeId: string | null = null;
let noticeCount = 0;

type PlanLimitNoticeProps = { messages: readonly string[]; onUpgrade: () => void };

/** The body of a plan-limit toast: the spec's texts, one a line, and the way to a bigger plan. */
export function PlanLimitNotice({ messages, onUpgrade }: PlanLimitNoticeProps) {
  return (
    <Stack gap={6} align="flex-start">
      {messages.map((message) => (
        <Text key={message} size="sm">
          {message}
        </Text>
      ))}
      <Button size="compact-sm" variant="light" color="orange" onClick={onUpgrade}>
        Upgrade Plan
      </Button>
    </Stack>
  );
}

/**
 * Shows the plan limits a monitor breaks (spec §5): one toast with each text and an Upgrade Plan
 * button that opens the Plans popup; it lasts 10 seconds and replaces the previous one.
 */
export function showPlanLimitNotice(messages: readonly string[]): void {
  if (lastNoticeId) notifications.hide(lastNoticeId);
  const id = `monitor-plan-limit-${++noticeCount}`;
  lastNoticeId = id;
  notifications.show({
    id,
    color: 'orange',
    autoClose: NOTIFICATION_DURATION_MS,
    message: (
      <PlanLimitNotice
        messages={[...new Set(messages)]}
        onUpgrade={() => {
          notifications.hide(id);
          openPlansPopup();
        }}
      />
    ),
  });
}
