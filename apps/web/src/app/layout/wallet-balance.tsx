import { ActionIcon, Group, Paper, Text, Tooltip } from '@mantine/core';
import { formatTomans } from '@paydar/domain/format';
import { PlusIcon, WalletIcon } from '@/components/icons';
import { ReadOnlyTip } from '@/components/read-only-tip';
import { useProfile } from '@/lib/auth';
import { openChargePopup } from '@/lib/charge-popup';
import { useReadOnlyReason } from '@/lib/read-only';

/** The wallet balance in Tomans; the plus button opens the Charge popup (spec §2 Header), disabled for the demo. */
export function WalletBalance() {
  const { data: me } = useProfile();
  const readOnly = useReadOnlyReason();
  if (!me) return null;
  return (
    <Paper withBorder radius="xl" py={4} pl={12} pr={4} bg="var(--paydar-subtle-bg)">
      <Group gap={8} wrap="nowrap">
        <WalletIcon size={16} color="var(--paydar-muted-icon)" />
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} aria-label="Wallet balance">
          {formatTomans(me.charged_budget)}
        </Text>
        {readOnly ? (
          <ReadOnlyTip reason={readOnly}>
            <ActionIcon radius="xl" size={26} aria-label="Charge wallet" disabled>
              <PlusIcon size={16} strokeWidth={2.5} />
            </ActionIcon>
          </ReadOnlyTip>
        ) : (
          <Tooltip label="Charge wallet">
            <ActionIcon radius="xl" size={26} aria-label="Charge wallet" onClick={() => openChargePopup()}>
              <PlusIcon size={16} strokeWidth={2.5} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Paper>
  );
}
