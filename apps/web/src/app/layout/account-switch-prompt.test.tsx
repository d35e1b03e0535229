// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { dismissAccountSwitch, getAccountSwitchOffer, offerAccountSwitch } from '@/lib/account-switch';
import { getSession, setSessionToken } from '@/lib/session-store';
import { buildProfile, renderWithProviders, stubFetch } from '@/testing/test-utils';
import { AccountSwitchPrompt } from './account-switch-prompt';

const ana = buildProfile({ id: 1, email: 'ana@example.test', uid: 'ana-key' });
const bob = buildProfile({ id: 2, email: 'bob@example.test', uid: 'bob-key' });

beforeEach(() => {
  dismissAccountSwitch();
  setSessionToken('ana-key', 'local');
  offerAccountSwitch({ key: 'bob-key', current: ana, offered: bob });
});

describe('AccountSwitchPrompt', () => {
  it('asks before a link for another account replaces the signed-in one', async () => {
    renderWithProviders(<AccountSwitchPrompt />, { mantineEnv: 'test' });
    const dialog = await screen.findByRole('dialog', { name: 'Switch account?' });
    expect(dialog.textContent).toContain('You are signed in as ana@example.test. Continue as bob@example.test?');
  });

  it('switches only when the person confirms', async () => {
    const fetchMock = stubFetch(() => ({ body: bob }));
    renderWithProviders(<AccountSwitchPrompt />, { mantineEnv: 'test' });
    fireEvent.click(await screen.findByRole('button', { name: 'Switch account' }));
    await waitFor(() => expect(getSession().token).toBe('bob-key'));
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: 'Token bob-key' });
    expect(getAccountSwitchOffer()).toBeNull();
    expect(localStorage.getItem('paydar.token')).toBe('bob-key');
  });

  it('keeps the current account when the person stays', async () => {
    const fetchMock = stubFetch(() => ({ body: bob }));
    renderWithProviders(<AccountSwitchPrompt />, { mantineEnv: 'test' });
    fireEvent.click(await screen.findByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(getAccountSwitchOffer()).toBeNull());
    expect(getSession().token).toBe('ana-key');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
