// @vitest-environment jsdom

import { notifications, notificationsStore } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/testing/test-utils';
import { ApiError, toApiError } from './api-client';
import { showFormFailure } from './form-errors';

afterEach(() => act(() => notifications.clean()));

const toastTexts = () => notificationsStore.getState().notifications.map((toast) => String(toast.message));

describe('showFormFailure', () => {
  it("puts a server's {field: [message]} under the form's field, and toasts nothing", () => {
    const form = { setFieldError: vi.fn() };
    const error = toApiError(400, {
      code: 'VALIDATION_FAILED',
      detail: 'password: Your password must be at least 8 characters',
      password: ['Your password must be at least 8 characters'],
    });
    expect(showFormFailure(error, form, { password: 'password' })).toBe(false);
    expect(form.setFieldError).toHaveBeenCalledWith('password', 'Your password must be at least 8 characters');
    expect(toastTexts()).toEqual([]);
  });

  it('maps the API name to the form path (current_password → currentPassword)', () => {
    const form = { setFieldError: vi.fn() };
    const error = new ApiError(400, 'x', 'VALIDATION_FAILED', { current_password: ['Wrong password.'] });
    showFormFailure(error, form, { current_password: 'currentPassword' });
    expect(form.setFieldError).toHaveBeenCalledWith('currentPassword', 'Wrong password.');
  });

  it('toasts what no field of the form shows, without the field name', () => {
    const form = { setFieldError: vi.fn() };
    const error = toApiError(400, { code: 'VALIDATION_FAILED', detail: 'labels: Too many.', labels: ['Too many.'] });
    expect(showFormFailure(error, form, { email: 'email' })).toBe(true);
    expect(form.setFieldError).not.toHaveBeenCalled();
    expect(toastTexts()).toEqual(['Too many.']);
  });

  it("toasts the server's text for a failure that names no field", () => {
    const form = { setFieldError: vi.fn() };
    const error = toApiError(400, {
      code: 'INVALID_CREDENTIALS',
      detail: 'No user with username/password entered found!',
    });
    showFormFailure(error, form, { email: 'email' });
    expect(toastTexts()).toEqual(['No user with username/password entered found!']);
  });
});
