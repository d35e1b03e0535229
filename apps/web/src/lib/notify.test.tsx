// @vitest-environment jsdom

import { Button, MantineProvider, Modal } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useCloseToastsOnRouteChange } from '@/app/layout/use-close-toasts-on-route-change';
import { theme } from '@/app/theme';
import '@/testing/test-utils';
import { CARRY_OVER_MS, closeToasts, NOTIFICATION_LIMIT, notify } from './notify';

afterEach(() => act(() => notifications.clean()));

/** A page with the app's theme and toasts, a way to change route and a dialog to open. */
function Page() {
  useCloseToastsOnRouteChange();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState(false);
  return (
    <>
      <Button onClick={() => navigate('/elsewhere')}>Leave</Button>
      <Button onClick={() => setDialog(true)}>Open dialog</Button>
      <Modal opened={dialog} onClose={() => setDialog(false)} title="A dialog">
        <Button>Confirm</Button>
      </Modal>
    </>
  );
}

function renderPage() {
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications limit={NOTIFICATION_LIMIT} />
      <MemoryRouter initialEntries={['/here']}>
        <Page />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('toasts', () => {
  it('close when the page is left', async () => {
    renderPage();
    act(() => void notify.warning('No user with username/password entered found!'));
    expect(await screen.findByText('No user with username/password entered found!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.queryByText('No user with username/password entered found!')).toBeNull());
  });

  it('one shown to introduce the next page survives that one change', async () => {
    renderPage();
    act(() => void notify.success('Your monitor created!', { carryOver: true }));
    act(() => void notify.warning('An older warning'));
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.queryByText('An older warning')).toBeNull());
    expect(screen.getByText('Your monitor created!')).toBeTruthy();
  });

  it('one shown to introduce a dialog survives the closings of its first moments, then goes like the others', async () => {
    renderPage();
    act(() => void notify.success('We sent a verification code', { carryOver: true }));
    expect(await screen.findByText('We sent a verification code')).toBeTruthy();
    // The dialog opens and, on a slower machine, something closes toasts once more meanwhile.
    fireEvent.click(screen.getByRole('button', { name: 'Open dialog' }));
    expect(await screen.findByRole('button', { name: 'Confirm' })).toBeTruthy();
    act(() => closeToasts());
    await act(() => new Promise((settle) => setTimeout(settle, 500)));
    expect(screen.getByText('We sent a verification code')).toBeTruthy();
    // Later, a carried toast closes as any other.
    const later = Date.now() + CARRY_OVER_MS + 1;
    const realNow = Date.now;
    Date.now = () => later;
    try {
      act(() => closeToasts());
    } finally {
      Date.now = realNow;
    }
    await waitFor(() => expect(screen.queryByText('We sent a verification code')).toBeNull());
  });

  it('close when a dialog opens, so none lies over its buttons', async () => {
    renderPage();
    act(() => void notify.warning('Said before the dialog'));
    expect(await screen.findByText('Said before the dialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open dialog' }));
    expect(await screen.findByRole('button', { name: 'Confirm' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Said before the dialog')).toBeNull());
    // What the dialog itself causes is still told.
    act(() => void notify.warning('Said inside the dialog'));
    expect(await screen.findByText('Said inside the dialog')).toBeTruthy();
  });

  it(`do not stack: at most ${NOTIFICATION_LIMIT} at once, the newest replacing the oldest`, async () => {
    renderPage();
    act(() => {
      for (let index = 1; index <= 6; index++) notify.warning(`Toast ${index}`);
    });
    expect(await screen.findByText('Toast 6')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByText(/^Toast \d$/).map((toast) => toast.textContent)).toEqual([
        'Toast 4',
        'Toast 5',
        'Toast 6',
      ]),
    );
  });
});
