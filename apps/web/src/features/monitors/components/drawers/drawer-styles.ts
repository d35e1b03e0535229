import type { DrawerProps } from '@mantine/core';

/** Both drawers: a title as large as a section heading. */
export const drawerStyles: DrawerProps['styles'] = {
  title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' },
};
