import { completeAlertChannels } from '@paydar/contracts/accounts';
// @vitest-environment jsdom
// Mantine's Collapse stays mid-transition in jsdom, so the open section's fields are found with `hidden: true`.
import { DEFAULT_ALERT_RULES } from '@paydar/contracts/alert-rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildShopMonitor } from '@/testing/monitor-builders';
import { alertDestinationText, alertRuleErrors, alertRulesSummary } from './alert-rules-values';
import { dialog, pillsOf, renderModal, setUpFormTests, signIn, stubApi, submit } from './monitor-form.test-support';

/** The Add / Edit popup's alert channels line and "Alert rules" section (issue 14). */
setUpFormTests();

const verified = (value: string) => ({ value, is_verified: true });
const channels = (emails: Array<{ value: string; is_verified: boolean }>) => ({
  alert_channels: completeAlertChannels({ emails }),
});
const firstBody = (api: ReturnType<typeof stubApi>) => (api.saves()[0]?.body ?? {}) as Record<string, unknown>;
const line = () => screen.getByTestId('alert-destination').textContent;
const fillUrl = () =>
  fireEvent.change(screen.getByRole('textbox', { name: 'URL' }), { target: { value: 'shop.example.test' } });
const openRules = () => fireEvent.click(screen.getByRole('button', { name: 'Alert rules' }));

describe('Add Monitor: where alerts go', () => {
  it('preselects the verified emails, says so, and sends them', async () => {
    signIn(channels([verified('ops@example.test'), { value: 'new@example.test', is_verified: false }]));
    const api = stubApi();
    renderModal();
    await dialog();
    expect(pillsOf('Alert channels')).toEqual(['ops@example.test']);
    expect(line()).toBe('Alerts go to ops@example.test.');
    fillUrl();
    submit();
    await waitFor(() => expect(api.saves()).toHaveLength(1));
    const body = api.saves()[0]?.body as Record<string, unknown>;
    expect(body.alert).toEqual([{ type: 'emails', value: 'ops@example.test' }]);
    expect(body.alert_rules).toEqual(DEFAULT_ALERT_RULES);
  });

  it('with no verified email, names the login address and leaves the choice to the server', async () => {
    const api = stubApi();
    renderModal();
    await dialog();
    expect(line()).toBe('Alerts go to ana@example.test.');
    fillUrl();
    submit();
    await waitFor(() => expect(api.saves()).toHaveLength(1));
    expect(api.saves()[0]?.body).not.toHaveProperty('alert');
  });

  it('unticking every channel says no one is alerted, and sends an empty list', async () => {
    signIn(channels([verified('ops@example.test')]));
    const api = stubApi();
    renderModal();
    const form = await dialog();
    const remove = within(form)
      .getByRole('combobox', { name: 'Alert channels' })
      .closest('.mantine-MultiSelect-root')
      ?.querySelector('.mantine-Pill-remove');
    fireEvent.click(remove as Element);
    expect(line()).toBe('No alert channel chosen: this monitor will alert no one.');
    fillUrl();
    submit();
    await waitFor(() => expect(api.saves()).toHaveLength(1));
    expect(firstBody(api).alert).toEqual([]);
  });
});

describe('Alert rules section', () => {
  it('is folded under a summary; its fields show their limits; a bad value is shown under its field and nothing is sent', async () => {
    const api = stubApi();
    renderModal();
    await dialog();
    expect(screen.getByText('Alert at once · recovery at once · flap damping on')).toBeTruthy();
    openRules();
    expect(screen.getByRole('button', { name: 'Alert rules' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('1–100 checks')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Remind while still down', hidden: true }));
    const every = screen.getByRole('textbox', { name: 'Every (minutes)', hidden: true });
    fireEvent.change(every, { target: { value: '3' } });
    fillUrl();
    submit();
    expect(await screen.findByText('At least 5 minutes.')).toBeTruthy();
    expect(api.saves()).toEqual([]);

    fireEvent.change(every, { target: { value: '15' } });
    fireEvent.click(screen.getByRole('radio', { name: 'minutes', hidden: true }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Alert after', hidden: true }), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'SMS', hidden: true }));
    fireEvent.click(screen.getByRole('switch', { name: /^Flap damping/, hidden: true }));
    submit();
    await waitFor(() => expect(api.saves()).toHaveLength(1));
    expect(firstBody(api).alert_rules).toEqual({
      ...DEFAULT_ALERT_RULES,
      alert_after: { count: 10, unit: 'minutes' },
      remind_every_minutes: 15,
      recovery_channels: DEFAULT_ALERT_RULES.recovery_channels.filter((kind) => kind !== 'sms'),
      flap_changes: null,
    });
  });

  it('an edit shows the monitor’s rules and sends them back', async () => {
    const rules = { ...DEFAULT_ALERT_RULES, notify_recovery: false, remind_every_minutes: 60 };
    const monitor = buildShopMonitor({ id: 7, alert_rules: rules });
    const api = stubApi({ monitors: [monitor] });
    renderModal({ editId: 7 });
    await dialog();
    expect(screen.getByText('Alert at once · remind every 60 min · no recovery alert · flap damping on')).toBeTruthy();
    submit();
    await waitFor(() => expect(api.saves()).toHaveLength(1));
    expect(firstBody(api).alert_rules).toEqual(rules);
  });

  it('the server’s error for a rule opens the section and shows it under the field', async () => {
    stubApi({
      save: () => ({
        status: 400,
        body: {
          detail: 'alert_rules.remind_limit: At most 50 reminders.',
          code: 'VALIDATION_FAILED',
          'alert_rules.remind_limit': ['At most 50 reminders.'],
        },
      }),
    });
    renderModal();
    await dialog();
    openRules();
    fireEvent.click(screen.getByRole('switch', { name: 'Remind while still down', hidden: true }));
    openRules();
    fillUrl();
    submit();
    expect(await screen.findAllByText('At most 50 reminders.')).not.toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'At most', hidden: true })).toBeTruthy();
  });
});

describe('alert rules values', () => {
  it.each([
    [{ remind_every_minutes: 4 }, { 'alert_rules.remind_every_minutes': 'At least 5 minutes.' }],
    [{ alert_after: { count: 101, unit: 'checks' } }, { 'alert_rules.alert_after.count': 'At most 100 checks.' }],
    [{ recovery_after_minutes: '' }, { 'alert_rules.recovery_after_minutes': 'Enter a whole number of minutes.' }],
    [{}, {}],
  ])('errors of %j', (change, expected) => {
    expect(alertRuleErrors({ ...DEFAULT_ALERT_RULES, ...change } as typeof DEFAULT_ALERT_RULES)).toEqual(expected);
  });

  it('summarises', () => {
    expect(alertRulesSummary({ ...DEFAULT_ALERT_RULES, alert_after: { count: 3, unit: 'checks' } })).toBe(
      'Alert after 3 checks · recovery at once · flap damping on',
    );
    expect(alertRulesSummary({ ...DEFAULT_ALERT_RULES, recovery_after_minutes: 3 })).toBe(
      'Alert at once · recovery after 3 min · flap damping on',
    );
  });

  it.each([
    [['emails:a@x.test'], 'Alerts go to a@x.test.'],
    [['emails:a@x.test', 'phones:0912', 'webhooks:https://h.test/'], 'Alerts go to a@x.test, 0912 and 1 more.'],
    [['emails:new@x.test'], 'None of the chosen channels is verified yet: this monitor will alert no one.'],
    [[], 'No alert channel chosen: this monitor will alert no one.'],
  ])('destination of %j', (alert, expected) => {
    expect(
      alertDestinationText(alert, {
        alertDefault: false,
        loginEmail: 'me@x.test',
        channels: completeAlertChannels({
          emails: [verified('a@x.test'), { value: 'new@x.test', is_verified: false }],
          phones: [verified('0912')],
          webhooks: [verified('https://h.test/')],
        }),
      }),
    ).toBe(expected);
  });
});
