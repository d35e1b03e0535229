// @vitest-environment jsdom
import type { AlertChannels } from '@paydar/contracts/accounts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AlertCenterDrawerHost } from '@/app/layout/alert-center-drawer-host';
import { LAZY_POPUP, LAZY_POPUP_TEST_TIMEOUT_MS } from '@/testing/lazy-popup';
import { buildSubscription, page } from '@/testing/monitor-builders';
import { buildProfile, renderWithProviders, stubFetch } from '@/testing/test-utils';
import { dialog, probers, roomySpecifications, setUpFormTests } from './monitor-form.test-support';
import { MonitorFormModal } from './monitor-form-modal';

/** "Manage channels" beside the Alert channels field opens the alert center drawer (spec §2 "Drawers"). */
setUpFormTests();

function stubServer() {
  let profile = buildProfile();
  return stubFetch((url, init) => {
    const path = new URL(url).pathname;
    if (path === '/api/v1/users/profile' && init.method === 'PUT') {
      const { alert_channels } = JSON.parse(String(init.body)) as { alert_channels: AlertChannels };
      profile = { ...profile, alert_channels };
      return { body: profile };
    }
    if (path === '/api/v1/users/profile') return { body: profile };
    if (path === '/api/v1/probers/') return { body: page(probers) };
    if (path === '/api/v1/users/subscriptions') return { body: page([buildSubscription(roomySpecifications)]) };
    if (path === '/api/v1/monitors/') return { body: page([]) };
    return { status: 404, body: { detail: 'Not found.' } };
  });
}

describe('Add Monitor: managing alert channels', () => {
  it(
    'opens the drawer over the form, and a channel added there becomes an option of the form',
    async () => {
      stubServer();
      const onClose = vi.fn();
      renderWithProviders(
        <MemoryRouter>
          <MonitorFormModal opened onClose={onClose} />
          <AlertCenterDrawerHost />
        </MemoryRouter>,
        { mantineEnv: 'test' },
      );
      const form = await dialog();
      fireEvent.click(within(form).getByRole('button', { name: 'Manage channels' }));
      const drawer = await screen.findByRole('dialog', { name: 'Alert Center' }, LAZY_POPUP);

      const email = within(drawer).getByRole('textbox', { name: 'Email' });
      fireEvent.change(email, { target: { value: 'ops@example.com' } });
      fireEvent.keyDown(email, { key: 'Enter' });
      await waitFor(() => expect(within(drawer).getByTitle(/^ops@example\.com:/)).toBeTruthy());

      // Escape closes the drawer, not the form under it.
      fireEvent.keyDown(within(drawer).getByRole('textbox', { name: 'Email' }), { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Alert Center' })).toBeNull());
      expect(onClose).not.toHaveBeenCalled();

      fireEvent.click(screen.getByRole('combobox', { name: 'Alert channels' }));
      expect(await screen.findByRole('option', { name: 'ops@example.com (not verified)' })).toBeTruthy();
    },
    LAZY_POPUP_TEST_TIMEOUT_MS,
  );
});
