import { expect } from 'vitest';
import { AlertServiceError } from './alert-clients.errors';

/** The AlertServiceError `promise` rejects with; fails the test if it resolves, or if the message leaks `secret`. */
export async function expectAlertFailure(promise: Promise<unknown>, secret?: string): Promise<AlertServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AlertServiceError);
  const typed = error as AlertServiceError;
  if (secret) expect(typed.message).not.toContain(secret);
  return typed;
}
