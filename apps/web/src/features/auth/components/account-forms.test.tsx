// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildProfile, renderWithProviders, stubFetch, withProviders } from '@/testing/test-utils';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { ConfirmEmailChangePanel } from './confirm-email-change-panel';

const me = buildProfile({ id: 7, email: 'ana@example.test' });
const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

describe('change email', () => {
  it('sends the new email with the current password and says where the confirmation went', async () => {
    const fetchMock = stubFetch(() => ({ body: { ...me, pending_email: 'new@example.test' } }));
    const { rerender } = renderWithProviders(<ChangeEmailForm me={me} />);
    fill(/^New email/, 'new@example.test');
    fill(/^Current password/, 'my password');
    fireEvent.click(screen.getByRole('button', { name: 'Change email' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/api\/v1\/users\/profile$/);
    expect(init?.method).toBe('PUT');
    expect(bodyOf(init)).toEqual({ id: 7, email: 'new@example.test', current_password: 'my password' });
    // The page passes the saved profile back in.
    rerender(withProviders(<ChangeEmailForm me={{ ...me, pending_email: 'new@example.test' }} />));
    expect(screen.getByText(/We sent a confirmation link to/).textContent).toBe(
      'We sent a confirmation link to new@example.test. Your email stays ana@example.test until you open it.',
    );
  });

  it("shows the server's words under the field it names", async () => {
    stubFetch(() => ({
      status: 400,
      body: {
        detail: 'current_password: The password is not correct.',
        code: 'VALIDATION_FAILED',
        current_password: ['The password is not correct.'],
      },
    }));
    renderWithProviders(<ChangeEmailForm me={me} />);
    fill(/^New email/, 'new@example.test');
    fill(/^Current password/, 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Change email' }));
    expect(await screen.findByText('The password is not correct.')).toBeTruthy();
  });

  it('asks for both fields before calling the server', async () => {
    const fetchMock = stubFetch(() => ({ body: me }));
    renderWithProviders(<ChangeEmailForm me={me} />);
    fill(/^New email/, 'new@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Change email' }));
    expect(await screen.findByText('Please fill all fields')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('change password', () => {
  it('posts the current and the new password, then says every other session was signed out', async () => {
    const fetchMock = stubFetch(() => ({ body: { success: true } }));
    renderWithProviders(<ChangePasswordForm />);
    fill(/^Current password/, 'old password');
    fill(/^New Password/, 'new password');
    fill(/^Confirm Password/, 'new password');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Your password successfully changed! Every other session has been signed out.'),
    ).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/api\/v1\/users\/change_password$/);
    expect(bodyOf(init)).toEqual({ current_password: 'old password', password: 'new password' });
  });

  it("keeps the reset form's rules", async () => {
    const fetchMock = stubFetch(() => ({ body: { success: true } }));
    renderWithProviders(<ChangePasswordForm />);
    fill(/^Current password/, 'old password');
    fill(/^New Password/, 'new password');
    fill(/^Confirm Password/, 'other password');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords are not match')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('confirming an email change', () => {
  const panel = (token: string | null) =>
    renderWithProviders(
      <MemoryRouter>
        <ConfirmEmailChangePanel token={token} />
      </MemoryRouter>,
    );

  it('confirms with the link’s token once and names the new email', async () => {
    const fetchMock = stubFetch((url) =>
      url.endsWith('/confirm_email') ? { body: { success: true, email: 'new@example.test' } } : { body: me },
    );
    panel('the-token');
    expect((await screen.findByText(/You now sign in with/)).textContent).toBe(
      'You now sign in with new@example.test.',
    );
    const confirmCalls = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/confirm_email'));
    expect(confirmCalls).toHaveLength(1);
    expect(bodyOf(confirmCalls[0]?.[1])).toEqual({ token: 'the-token' });
  });

  it("shows the server's words when the link is refused", async () => {
    stubFetch(() => ({ status: 400, body: { detail: 'This link is invalid or has expired.', code: 'INVALID_TOKEN' } }));
    panel('old-token');
    expect(await screen.findByText('This link is invalid or has expired.')).toBeTruthy();
  });
});
