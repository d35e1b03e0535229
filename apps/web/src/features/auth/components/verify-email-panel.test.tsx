// @vitest-environment jsdom

import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '@/testing/render-at';
import { stubFetch } from '@/testing/test-utils';
import { VerifyEmailPanel } from './verify-email-panel';

function openLink(refusal: { code: string; detail: string }) {
  const fetchMock = stubFetch((url) =>
    url.endsWith('/verify_email')
      ? { status: 400, body: refusal }
      : { body: { success: true, detail: 'Verification email has been sent.' } },
  );
  renderAt(
    <VerifyEmailPanel token="t0ken" email="ana@example.test" />,
    '/verify_email?token=t0ken&email=ana@example.test',
  );
  return fetchMock;
}

describe('a verification link that no longer works', () => {
  it.each([
    ['LINK_EXPIRED', 'This verification link has expired.'],
    ['LINK_USED', 'This verification link has already been used.'],
  ])('%s: says so instead of "We\'ve sent verification email", and offers a new one', async (code, text) => {
    const fetchMock = openLink({ code, detail: text });
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByText("We've sent verification email. Please check your email.")).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Resend Email' }));
    expect(await screen.findByText('Verification email has been sent.')).toBeTruthy();
    const resend = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/send_verification_token'));
    expect(JSON.parse(String(resend?.[1]?.body))).toEqual({ email: 'ana@example.test' });
  });

  it('a link the server does not know says it is not valid', async () => {
    openLink({ code: 'INVALID_TOKEN', detail: 'This link is invalid or has expired.' });
    expect(await screen.findByText('This verification link is not valid.')).toBeTruthy();
  });
});
