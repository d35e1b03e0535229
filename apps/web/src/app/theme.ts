import { createTheme, Drawer, Modal } from '@mantine/core';
import { closeToasts } from '@/lib/notify';

/** Toasts said before a dialog opened would lie over its buttons for their 10 seconds: they close. */
const dialogDefaults = { defaultProps: { transitionProps: { onEnter: closeToasts } } };

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  components: {
    Modal: Modal.extend(dialogDefaults),
    Drawer: Drawer.extend(dialogDefaults),
  },
});
