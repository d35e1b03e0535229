// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { buildProfile } from '@/testing/test-utils';
import {
  addTag,
  errorOf,
  field,
  noChannels,
  renderAt,
  setUpAlertTests,
  signIn,
  stubAlertsApi,
  tagsOf,
} from './alert-center.test-support';
import { AlertChannelsCard } from './alert-channels-card';

/** The "Alerting channels" card: tags per type, saved at once (spec §2, §4, §5, §8, §9). */
setUpAlertTests();

const phones = (...values: string[]) => values.map((value) => ({ value, is_verified: false }));

describe('adding and removing tags', () => {
  it('adds a tag on Enter and saves all four lists with the new channel unverified', async () => {
    const api = stubAlertsApi();
    renderAt(<AlertChannelsCard />);
    addTag('Email', '  Ops@Example.COM ');
    await waitFor(() => expect(api.saves()).toHaveLength(1));
    expect(api.saves()[0]).toEqual({
      id: 1,
      email: 'ana@example.test',
      alert_channels: { ...noChannels(), emails: [{ value: 'ops@example.com', is_verified: false }] },
    });
    expect(tagsOf('Email')).toEqual(['ops@example.com: not verified, gets no alerts yet']);
    expect(field('Email')).toHaveProperty('value', '');
  });

  it("refuses an empty tag with the spec's rule and does not call the server", async () => {
    const api = stubAlertsApi();
    renderAt(<AlertChannelsCard />);
    addTag('Phone', '   ');
    expect(errorOf('Phone')).toBe('Alert tags cannot be added when empty');
    expect(api.saves()).toEqual([]);
    // Typing again clears the message.
    fireEvent.change(field('Phone'), { target: { value: '0' } });
    expect(errorOf('Phone')).toBeNull();
  });

  it.each([
    ['Phone', 'call me', 'Enter a phone number like 09121234567.'],
    ['Email', 'not-an-email', 'Enter a valid email address.'],
    ['Telegram', '@ab', 'Enter a Telegram username like @paydar_alerts (5 to 32 letters, digits or _).'],
    ['Webhook', 'ftp://example.com/hook', 'Enter a full http:// or https:// address.'],
  ])('checks a %s value before saving: %s', async (label, text, message) => {
    const api = stubAlertsApi();
    renderAt(<AlertChannelsCard />);
    addTag(label, text);
    expect(errorOf(label)).toBe(message);
    expect(field(label)).toHaveProperty('value', text);
    expect(api.saves()).toEqual([]);
  });

  it('refuses a channel already in the list', async () => {
    signIn({ alert_channels: { ...noChannels(), phones: phones('09121234567') } });
    const api = stubAlertsApi();
    renderAt(<AlertChannelsCard />);
    addTag('Phone', '0912 123 4567');
    expect(errorOf('Phone')).toBe('This channel is already in the list.');
    expect(api.saves()).toEqual([]);
  });

  it('removes a tag with its × and saves the list without it', async () => {
    const channels = {
      ...noChannels(),
      phones: [...phones('09121234567'), { value: '09350000000', is_verified: true }],
    };
    signIn({ alert_channels: channels });
    const api = stubAlertsApi({ profile: { alert_channels: channels } });
    renderAt(<AlertChannelsCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove 09121234567' }));
    await waitFor(() => expect(api.saves()).toHaveLength(1));
    expect(api.saves()[0]?.alert_channels.phones).toEqual([{ value: '09350000000', is_verified: true }]);
    expect(tagsOf('Phone')).toEqual(['09350000000: verified']);
  });

  it("puts the tags back, says 'Something went wrong!' and shows the server's field message when saving fails", async () => {
    const api = stubAlertsApi({
      saveProfile: () => ({
        status: 400,
        body: {
          'alert_channels.phones.0.value': ['This number cannot receive SMS.'],
          code: 'VALIDATION_FAILED',
          detail: 'alert_channels.phones.0.value: This number cannot receive SMS.',
        },
      }),
    });
    // The profile is not read again meanwhile: the tags come back from what was there before the save.
    const answer = api.fetchMock.getMockImplementation();
    api.fetchMock.mockImplementation(async (input, init) =>
      new URL(String(input)).pathname === '/api/v1/users/profile' && (init?.method ?? 'GET') === 'GET'
        ? new Promise<Response>(() => {})
        : (answer as NonNullable<typeof answer>)(input, init),
    );
    renderAt(<AlertChannelsCard />);
    addTag('Phone', '09121234567');
    expect(await screen.findByText('Something went wrong!')).toBeTruthy();
    await waitFor(() => expect(errorOf('Phone')).toBe('This number cannot receive SMS.'));
    expect(tagsOf('Phone')).toEqual([]);
    // The typed number comes back, to be corrected.
    expect(field('Phone')).toHaveProperty('value', '09121234567');
    expect(api.saves()).toHaveLength(1);
  });
});

describe('showing tags', () => {
  it('shows at most 3 tags, then a +N pill that reveals the rest', async () => {
    const channels = {
      ...noChannels(),
      emails: ['a', 'b', 'c', 'd', 'e'].map((name) => ({ value: `${name}@x.test`, is_verified: false })),
    };
    signIn({ alert_channels: channels });
    stubAlertsApi({ profile: { alert_channels: channels } });
    renderAt(<AlertChannelsCard />);
    expect(tagsOf('Email').map((title) => title.split(':')[0])).toEqual(['a@x.test', 'b@x.test', 'c@x.test']);
    fireEvent.click(screen.getByRole('button', { name: 'Show 2 more' }));
    expect(tagsOf('Email')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(tagsOf('Email')).toHaveLength(3);
  });

  it('tells verified from unverified tags by colour, icon and title', async () => {
    const channels = {
      ...noChannels(),
      emails: [
        { value: 'ok@x.test', is_verified: true },
        { value: 'new@x.test', is_verified: false },
      ],
    };
    signIn({ alert_channels: channels });
    stubAlertsApi({ profile: { alert_channels: channels } });
    renderAt(<AlertChannelsCard />);
    const [verified, unverified] = [
      screen.getByTitle('ok@x.test: verified'),
      screen.getByTitle('new@x.test: not verified, gets no alerts yet'),
    ];
    expect(within(verified).getByRole('img', { name: 'Verified' })).toBeTruthy();
    expect(within(unverified).getByRole('img', { name: 'Not verified' })).toBeTruthy();
    expect(verified.getAttribute('style')).toContain('teal');
    expect(unverified.getAttribute('style')).toContain('orange');
    expect(
      screen.getByText(/unverified email gets no alerts: check your inbox for the confirmation link/),
    ).toBeTruthy();
  });

  it('gives only unverified phone tags a verify button', async () => {
    const channels = {
      ...noChannels(),
      emails: [{ value: 'new@x.test', is_verified: false }],
      phones: [...phones('09121234567'), { value: '09350000000', is_verified: true }],
      telegram_usernames: [{ value: '@new_name', is_verified: false }],
      webhooks: [{ value: 'https://hooks.example.test/a', is_verified: false }],
    };
    signIn({ alert_channels: channels });
    stubAlertsApi({ profile: { alert_channels: channels } });
    renderAt(<AlertChannelsCard />);
    expect(
      screen.getAllByRole('button', { name: /^Verify / }).map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Verify 09121234567']);
  });

  it('names voice calls on the phone row only when the plan includes them', async () => {
    stubAlertsApi({ voiceCall: true });
    renderAt(<AlertChannelsCard />);
    expect(await screen.findByText('Alerts by SMS and a voice call')).toBeTruthy();
    queryClient.removeQueries({ queryKey: ['users', 'subscriptions'] });
  });

  it('says SMS only on a plan without voice calls', async () => {
    stubAlertsApi({ voiceCall: false });
    renderAt(<AlertChannelsCard />);
    await waitFor(() => expect(screen.getByText('Alerts by SMS')).toBeTruthy());
    expect(screen.queryByText('Alerts by SMS and a voice call')).toBeNull();
  });
});

describe('webhooks and Telegram', () => {
  it('shows the signing secret and how deliveries are signed and verified', async () => {
    stubAlertsApi();
    renderAt(<AlertChannelsCard />);
    expect(screen.getByText('webhook-secret-1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy the signing secret' })).toBeTruthy();
    const text = screen.getByText(/HMAC-SHA256 of/).textContent;
    expect(text).toContain(
      'X-Paydar-Signature is sha256= and the hex HMAC-SHA256 of <X-Paydar-Timestamp>.<body>, keyed with your signing secret',
    );
    expect(text).toContain('verified by its first delivery answered with a 2xx status');
  });

  it("turns a new webhook's tag verified when its test delivery is answered, without a reload", async () => {
    const hook = 'https://hooks.example.test/a';
    const unverified = { ...noChannels(), webhooks: [{ value: hook, is_verified: false }] };
    signIn({ alert_channels: unverified });
    const api = stubAlertsApi({ profile: { alert_channels: unverified } });
    renderAt(<AlertChannelsCard />);
    expect(tagsOf('Webhook')).toEqual([`${hook}: not verified, gets no alerts yet`]);
    // Meanwhile the server's test delivery got a 2xx: the next read of the profile says so.
    const answer = api.fetchMock.getMockImplementation() as NonNullable<
      ReturnType<typeof api.fetchMock.getMockImplementation>
    >;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (new URL(String(input)).pathname !== '/api/v1/users/profile') return answer(input, init);
      const verified = { ...noChannels(), webhooks: [{ value: hook, is_verified: true }] };
      return new Response(JSON.stringify(buildProfile({ alert_channels: verified })), { status: 200 });
    });
    await waitFor(() => expect(tagsOf('Webhook')).toEqual([`${hook}: verified`]));
  });

  it('opens the bot with the start link the server makes for an unverified name', async () => {
    const channels = { ...noChannels(), telegram_usernames: [{ value: '@night_ops', is_verified: false }] };
    signIn({ alert_channels: channels });
    const api = stubAlertsApi({ profile: { alert_channels: channels } });
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderAt(<AlertChannelsCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Open the bot for @night_ops' }));
    // The tab opens during the click, before the server answers, so no popup blocker stops it.
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('https://t.me/paydar_bot?start=start-night_ops'));
    expect(tab.opener).toBeNull();
    expect(api.callsTo('/api/v1/users/alert_channel/send_token').map((call) => call.body)).toEqual([
      { channel_type: 'telegram', value: '@night_ops' },
    ]);
  });

  it('offers the bot for a name just added, and Verify for a number, only once the server has them', async () => {
    signIn({ alert_channels: noChannels() });
    const api = stubAlertsApi({ profile: { alert_channels: noChannels() } });
    const answer = api.fetchMock.getMockImplementation() as NonNullable<
      ReturnType<typeof api.fetchMock.getMockImplementation>
    >;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') await held;
      return answer(input, init);
    });
    renderAt(<AlertChannelsCard />);
    addTag('Telegram', 'night_ops');
    await waitFor(() => expect(tagsOf('Telegram')).toHaveLength(1));
    addTag('Phone', '09121234567');
    await waitFor(() => expect(tagsOf('Phone')).toHaveLength(1));
    const bot = await screen.findByRole('button', { name: 'Open the bot for @night_ops' });
    expect(bot).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Verify 09121234567' })).toHaveProperty('disabled', true);
    release();
    await waitFor(() => expect(bot).toHaveProperty('disabled', false));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Verify 09121234567' })).toHaveProperty('disabled', false),
    );
  });

  it("closes the tab and says 'Something went wrong!' when the link cannot be made", async () => {
    const channels = { ...noChannels(), telegram_usernames: [{ value: '@night_ops', is_verified: false }] };
    signIn({ alert_channels: channels });
    stubAlertsApi({
      profile: { alert_channels: channels },
      sendToken: () => ({ status: 503, body: { detail: 'Telegram is unreachable.', code: 'UNAVAILABLE' } }),
    });
    const tab = { opener: null, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderAt(<AlertChannelsCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Open the bot for @night_ops' }));
    expect(await screen.findByText('Something went wrong!')).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });
});

describe('the demo account (spec §6)', () => {
  it('shows the alert sections deactivated, with a note to sign up', async () => {
    const channels = { ...noChannels(), phones: phones('09121234567') };
    signIn({ is_demo: true, alert_channels: channels });
    const api = stubAlertsApi({ profile: { is_demo: true, alert_channels: channels } });
    renderAt(<AlertChannelsCard />);
    expect(screen.getByText(/The demo account cannot set alerts\. Sign up/)).toBeTruthy();
    for (const label of ['Email', 'Phone', 'Telegram', 'Webhook'])
      expect(field(label)).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Remove 09121234567' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Verify 09121234567' })).toHaveProperty('disabled', true);
    expect(screen.queryByText(/press Enter to add it/)).toBeNull();
    expect(screen.queryByText('webhook-secret-1')).toBeNull();
    addTag('Email', 'ops@example.com');
    expect(api.saves()).toEqual([]);
  });

  it('keeps the sections active for other accounts', async () => {
    stubAlertsApi();
    renderAt(<AlertChannelsCard />);
    expect(screen.queryByText(/The demo account cannot set alerts/)).toBeNull();
    expect(field('Email')).toHaveProperty('disabled', false);
    expect(queryClient.getQueryData(profileQueryKey)).toBeTruthy();
  });
});
