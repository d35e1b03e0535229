// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { noChannels, renderAt, setUpAlertTests, signIn, stubAlertsApi, tagsOf } from './alert-center.test-support';
import { AlertChannelsCard } from './alert-channels-card';

/** The phone verification flow (spec §2 popup, §4, §5 code, §8 texts). */
setUpAlertTests();

const channels = { ...noChannels(), phones: [{ value: '09121234567', is_verified: false }] };

function setUp(options: Parameters<typeof stubAlertsApi>[0] = {}) {
  signIn({ alert_channels: channels });
  const api = stubAlertsApi({ profile: { alert_channels: channels }, ...options });
  renderAt(<AlertChannelsCard />);
  return api;
}

/** The six boxes of the open popup. */
const boxes = () => within(screen.getByRole('dialog')).getAllByRole('textbox', { name: /^Code character/ });

function typeCode(code: string) {
  [...code].forEach((char, index) => {
    fireEvent.change(boxes()[index] as HTMLElement, { target: { value: char } });
  });
}

async function openPopup() {
  fireEvent.click(screen.getByRole('button', { name: 'Verify 09121234567' }));
  expect(await screen.findByText('We sent a verification code to 09121234567')).toBeTruthy();
  return screen.findByRole('dialog');
}

describe('verifying a phone', () => {
  it('sends a code, then asks for it in six single-character boxes', async () => {
    const api = setUp();
    const dialog = await openPopup();
    expect(api.callsTo('/api/v1/users/alert_channel/send_token').map((call) => call.body)).toEqual([
      { channel_type: 'phone', value: '09121234567' },
    ]);
    expect(within(dialog).getByText('Verify your phone')).toBeTruthy();
    expect(boxes()).toHaveLength(6);
    // The cursor starts in the first box, not on the close button.
    await waitFor(() => expect(document.activeElement).toBe(boxes()[0]));
    // A box holds one character: typing a second one replaces the first.
    fireEvent.change(boxes()[0] as HTMLElement, { target: { value: '12' } });
    expect(boxes().map((box) => (box as HTMLInputElement).value)).toEqual(['2', '', '', '', '', '']);
    expect(api.callsTo('/api/v1/users/alert_channel/verify')).toEqual([]);
  });

  it("verifies with the code, says 'Your phone is now verified!' and closes the popup", async () => {
    const api = setUp();
    await openPopup();
    typeCode('482913');
    expect(await screen.findByText('Your phone is now verified!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('/api/v1/users/alert_channel/verify').map((call) => call.body)).toEqual([
      { channel_type: 'phone', value: '09121234567', token: '482913' },
    ]);
    await waitFor(() => expect(tagsOf('Phone')).toEqual(['09121234567: verified']));
    expect(screen.queryByRole('button', { name: 'Verify 09121234567' })).toBeNull();
  });

  it("says 'Something went wrong!' and empties the boxes on a wrong code, then takes the right one", async () => {
    let tries = 0;
    const api = setUp({
      verify: () =>
        ++tries === 1 ? { status: 400, body: { detail: 'The code is not right.', code: 'INVALID_TOKEN' } } : undefined,
    });
    await openPopup();
    typeCode('111111');
    expect(await screen.findByText('Something went wrong!')).toBeTruthy();
    await waitFor(() =>
      expect(boxes().map((box) => (box as HTMLInputElement).value)).toEqual(['', '', '', '', '', '']),
    );
    // The cursor goes back to the first box for the next try.
    expect(document.activeElement).toBe(boxes()[0]);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(tagsOf('Phone')).toEqual(['09121234567: not verified, gets no alerts yet']);

    typeCode('482913');
    expect(await screen.findByText('Your phone is now verified!')).toBeTruthy();
    expect(
      api.callsTo('/api/v1/users/alert_channel/verify').map((call) => (call.body as { token: string }).token),
    ).toEqual(['111111', '482913']);
  });

  it("says 'Something went wrong!' and opens no popup when the code cannot be sent", async () => {
    setUp({ sendToken: () => ({ status: 503, body: { detail: 'SMS is unavailable.', code: 'UNAVAILABLE' } }) });
    fireEvent.click(screen.getByRole('button', { name: 'Verify 09121234567' }));
    expect(await screen.findByText('Something went wrong!')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(/We sent a verification code/)).toBeNull();
  });

  it('sends the code again from the popup', async () => {
    const api = setUp();
    await openPopup();
    fireEvent.click(screen.getByRole('button', { name: 'Send the code again' }));
    await waitFor(() => expect(api.callsTo('/api/v1/users/alert_channel/send_token')).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByText('We sent a verification code to 09121234567')).toHaveLength(2));
  });
});
