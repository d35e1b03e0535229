// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, setUpAlertTests, stubAlertsApi } from '@/features/alerts/components/alert-center.test-support';
import { closeAlertCenterDrawer, openAlertCenterDrawer } from '@/lib/alert-center-drawer';
import { LAZY_POPUP, LAZY_POPUP_TEST_TIMEOUT_MS } from '@/testing/lazy-popup';
import { AlertCenterDrawerHost } from './alert-center-drawer-host';

/** The alert center drawer (spec §2 "Drawers"), opened through lib/alert-center-drawer. */
setUpAlertTests();

describe('the alert center drawer', () => {
  it(
    'is not there until opened, then shows the channels, and closes',
    async () => {
      stubAlertsApi();
      renderAt(<AlertCenterDrawerHost />);
      expect(screen.queryByRole('dialog')).toBeNull();
      act(() => openAlertCenterDrawer());
      const drawer = await screen.findByRole('dialog', { name: 'Alert Center' }, LAZY_POPUP);
      expect(drawer.textContent).toContain('Alerting channels');
      expect(screen.getByRole('textbox', { name: 'Phone' })).toBeTruthy();
      act(() => closeAlertCenterDrawer());
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    },
    LAZY_POPUP_TEST_TIMEOUT_MS,
  );
});
