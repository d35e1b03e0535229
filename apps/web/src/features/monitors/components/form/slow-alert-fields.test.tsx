// @vitest-environment jsdom

import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildShopMonitor } from '@/testing/monitor-builders';
import { dialog, renderModal, setUpFormTests, stubApi, submit } from './monitor-form.test-support';
import { slowAlertErrors, slowAlertInputOf, slowAlertSummary, slowAlertValuesOf } from './slow-alert-values';

/** The "Slow response alerts" part of the Add and Edit popups (issue 14). */
setUpFormTests();

const slowSwitch = () => screen.getByRole('switch', { name: /Slow response alerts/ });
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
const sentSlowAlert = (api: ReturnType<typeof stubApi>) =>
  (api.saves()[0]?.body as { slow_alert?: unknown } | undefined)?.slow_alert;

describe('Add Monitor: slow response alerts', () => {
  it('is off by default and sends null', async () => {
    const api = stubApi();
    renderModal();
    await dialog();
    expect(slowSwitch()).toHaveProperty('checked', false);
    expect(screen.queryByTestId('slow-alert-rule')).toBeNull();
    type('URL', 'example.com');
    submit();
    await vi.waitFor(() => expect(api.saves()).toHaveLength(1));
    expect(sentSlowAlert(api)).toBeNull();
  });

  it('switched on, offers the apdex rule with its defaults and limits, and sends it', async () => {
    const api = stubApi();
    renderModal();
    await dialog();
    fireEvent.click(slowSwitch());
    const part = screen.getByTestId('slow-alert-rule');
    expect(within(part).getByRole('textbox', { name: 'Apdex below' })).toHaveProperty('value', '0.7');
    expect(within(part).getByRole('textbox', { name: 'Over the last' })).toHaveProperty('value', '20');
    expect(within(part).getByText('0.05–0.99, e.g. 0.70')).toBeTruthy();
    expect(within(part).getByText('5–100 checks')).toBeTruthy();
    expect(
      within(part).getByText(/Alerts when the apdex of the last 20 checks falls below 0.70, and when it is back\./),
    ).toBeTruthy();
    type('URL', 'example.com');
    type('Apdex below', '0.85');
    type('Over the last', '30');
    submit();
    await vi.waitFor(() => expect(api.saves()).toHaveLength(1));
    expect(sentSlowAlert(api)).toEqual({ rule: 'apdex', checks: 30, below: 0.85 });
  });

  it('the response-time rule: limit in ms and checks in a row', async () => {
    const api = stubApi();
    renderModal();
    await dialog();
    fireEvent.click(slowSwitch());
    fireEvent.click(screen.getByRole('radio', { name: 'Response time' }));
    const part = screen.getByTestId('slow-alert-rule');
    expect(within(part).getByText('50–60,000 ms')).toBeTruthy();
    expect(within(part).getByText('1–100 checks in a row')).toBeTruthy();
    expect(within(part).getByRole('textbox', { name: 'For' })).toHaveProperty('value', '5');
    type('URL', 'example.com');
    type('Slower than', '1500');
    submit();
    await vi.waitFor(() => expect(api.saves()).toHaveLength(1));
    expect(sentSlowAlert(api)).toEqual({ rule: 'response_time', above_ms: 1500, checks: 5 });
  });

  it('refuses values out of bounds under their fields and sends nothing', async () => {
    const api = stubApi();
    renderModal();
    await dialog();
    fireEvent.click(slowSwitch());
    type('URL', 'example.com');
    type('Apdex below', '1.5');
    type('Over the last', '3');
    submit();
    expect(await screen.findByText('Enter a number from 0.05 to 0.99.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number from 5 to 100 checks.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Over the last' }).getAttribute('aria-invalid')).toBe('true');
    expect(api.saves()).toEqual([]);
  });

  it('shows the server’s refusal of a field under that field', async () => {
    stubApi({
      save: () => ({
        status: 400,
        body: {
          detail: 'slow_alert.above_ms: Enter a whole number from 50 to 60000 ms.',
          code: 'VALIDATION_FAILED',
          'slow_alert.above_ms': ['Enter a whole number from 50 to 60000 ms.'],
        },
      }),
    });
    renderModal();
    await dialog();
    fireEvent.click(slowSwitch());
    fireEvent.click(screen.getByRole('radio', { name: 'Response time' }));
    type('URL', 'example.com');
    submit();
    await vi.waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Slower than' }).getAttribute('aria-invalid')).toBe('true'),
    );
  });
});

describe('Edit Monitor: slow response alerts', () => {
  it('shows the monitor’s rule, and switching it off sends null', async () => {
    const monitor = buildShopMonitor({ slow_alert: { rule: 'response_time', above_ms: 800, checks: 3 } });
    const api = stubApi({ monitors: [monitor] });
    renderModal({ editId: monitor.id });
    await dialog();
    expect(slowSwitch()).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Response time' })).toHaveProperty('checked', true);
    expect(screen.getByRole('textbox', { name: 'Slower than' })).toHaveProperty('value', '800');
    expect(screen.getByRole('textbox', { name: 'For' })).toHaveProperty('value', '3');
    fireEvent.click(slowSwitch());
    submit();
    await vi.waitFor(() => expect(api.saves()).toHaveLength(1));
    expect(sentSlowAlert(api)).toBeNull();
  });
});

describe('slow-alert values', () => {
  it.each([
    [null, null],
    [
      { rule: 'apdex', checks: 20, below: 0.7 },
      { rule: 'apdex', checks: 20, below: 0.7 },
    ],
    [
      { rule: 'response_time', above_ms: 800, checks: 1 },
      { rule: 'response_time', above_ms: 800, checks: 1 },
    ],
  ] as const)('%j reads into the form and back', (rule, expected) => {
    expect(slowAlertInputOf(slowAlertValuesOf(rule))).toEqual(expected);
  });

  it('an emptied field is refused, not sent as 0', () => {
    const values = { ...slowAlertValuesOf({ rule: 'apdex', checks: 20, below: 0.7 }), checks: '' };
    expect(Object.keys(slowAlertErrors(values))).toEqual(['slow_alert.checks']);
    expect(slowAlertSummary(values)).toBeNull();
  });

  it('says N = 1 without "in a row"', () => {
    expect(slowAlertSummary(slowAlertValuesOf({ rule: 'response_time', above_ms: 60_000, checks: 1 }))).toBe(
      'Alerts when a check takes longer than 60,000 ms, and when as many are back under it. Failed checks are left to the down alerts.',
    );
  });
});
