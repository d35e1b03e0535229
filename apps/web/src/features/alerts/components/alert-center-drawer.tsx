import { Drawer } from '@mantine/core';
import { AlertChannelsCard } from './alert-channels-card';

type AlertCenterDrawerProps = { opened: boolean; onClose: () => void };

/**
 * The alert center drawer (spec §2 "Drawers"): the channels, reachable without leaving a form.
 * It sits above the monitor form popup it is usually opened from.
 */
export function AlertCenterDrawer({ opened, onClose }: AlertCenterDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      zIndex={300}
      title="Alert Center"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <AlertChannelsCard columns={1} framed={false} />
    </Drawer>
  );
}
