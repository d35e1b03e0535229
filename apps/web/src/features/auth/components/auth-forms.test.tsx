// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { getSession } from '@/lib/session-store';
import { buildProfile, renderWithProviders, stubFetch } from '@/testing/test-utils';
import { LoginForm } from './login-form';
import { resetPasswordProblem } from './reset-password-form';
import { SignupForm, signupProblem } from './signup-form';

describe('signup rules (spec §5)', () => {
  const valid = { email: 'a@b.test', password: 'secret123', repeat: 'secret123', terms: true };
  it.each([
    [{ ...valid, email: ' ' }, 'Fill all the fields'],
    [{ ...valid, repeat: '' }, 'Fill all the fields'],
    [{ ...valid, repeat: 'secret124' }, 'Passwords does not match'],
    [{ ...valid, terms: false }, 'Terms of service must be accepted'],
    [valid, null],
  ])('%o → %s', (values, problem) => {
    expect(signupProblem(values)).toBe(problem);
  });

  it('shows the rule as a toast and does not call the server', async () => {
    const fetchMock = stubFetch(() => ({ body: {} }));
    renderWithProviders(
      <MemoryRouter>
        <SignupForm />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Fill all the fields')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('reset password rules (spec §5)', () => {
  it.each([
    [{ password: '', confirm: '' }, 'Please fill all fields'],
    [{ password: 'longenough', confirm: 'different1' }, 'Passwords are not match'],
    [{ password: 'short', confirm: 'short' }, 'Your password must be at least 8 characters'],
    [{ password: 'longenough', confirm: 'longenough' }, null],
  ])('%o → %s', (values, problem) => {
    expect(resetPasswordProblem(values)).toBe(problem);
  });
});

describe('login', () => {
  function fillAndSubmit() {
    renderWithProviders(
      <MemoryRouter>
        <LoginForm />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ana@example.test' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
  }

  it("shows the server's text when it fails", async () => {
    stubFetch(() => ({
      status: 400,
      body: { detail: 'No user with username/password entered found!', code: 'INVALID_CREDENTIALS' },
    }));
    fillAndSubmit();
    expect(await screen.findByText('No user with username/password entered found!')).toBeTruthy();
    expect(getSession().token).toBeNull();
  });

  it('starts the session with the key after reading the profile', async () => {
    const fetchMock = stubFetch((url) =>
      url.endsWith('/login') ? { body: { key: 'fresh-key' } } : { body: buildProfile() },
    );
    fillAndSubmit();
    await screen.findByRole('button', { name: 'Login' });
    await vi.waitFor(() => expect(getSession().token).toBe('fresh-key'));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      'https://api.example.test/api/v1/users/login',
      'https://api.example.test/api/v1/users/profile',
    ]);
  });
});
