// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChargeRequest } from '@/lib/charge-popup';
import { leaveApp } from '@/lib/external-navigation';
import { queryClient } from '@/lib/query-client';
import { financialTransactionsQueryKey } from '../api/get-financial-transactions';
import { catalogue, renderAt, setUpBillingTests, signIn, stubBillingApi } from './billing.test-support';
import { chargeTexts } from './charge-messages';
import { ChargeModal } from './charge-modal';

vi.mock('@/lib/external-navigation', () => ({ leaveApp: vi.fn() }));

/** The Charge popup (spec §2, §5, §7, §8, §9). */
setUpBillingTests();
beforeEach(() => {
  signIn();
  vi.mocked(leaveApp).mockClear();
});

const onClose = vi.fn();
function open(request: ChargeRequest = {}) {
  onClose.mockClear();
  renderAt(<ChargeModal opened request={request} onClose={onClose} />);
  return screen.getByRole('dialog', { name: 'Charge' });
}
const amountField = () => screen.getByRole('textbox', { name: /Amount/ }) as HTMLInputElement;
const type = (value: string) => {
  fireEvent.change(amountField(), { target: { value } });
  fireEvent.blur(amountField());
};
const fieldError = () =>
  amountField().closest('.mantine-InputWrapper-root')?.querySelector('.mantine-InputWrapper-error') ?? null;

describe('the amount', () => {
  it('starts at 50,000 Tomans', () => {
    stubBillingApi();
    open();
    expect(amountField().value).toBe('50,000');
  });

  it('offers the Silver and Gold prices as quick-picks, and a pick fills the amount', async () => {
    stubBillingApi({ plans: [catalogue.free, { ...catalogue.silver, default_cost: 99_000 }, catalogue.gold] });
    open();
    const picks = screen.getByRole('group', { name: 'Quick amounts' });
    const silver = await within(picks).findByRole('button', { name: '99,000 Tomans' });
    expect(within(picks).getByRole('button', { name: '890,000 Tomans' })).toBeTruthy();
    fireEvent.click(silver);
    expect(amountField().value).toBe('99,000');
  });

  it('falls back to 89,000 and 890,000 while the plans are unknown', () => {
    stubBillingApi({ answer: (call) => (call.path.endsWith('subscription_plans') ? { status: 500 } : undefined) });
    open();
    const picks = screen.getByRole('group', { name: 'Quick amounts' });
    expect(
      within(picks)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['89,000 Tomans', '890,000 Tomans']);
  });

  it.each([
    ['500', chargeTexts.belowMinimum],
    ['6000000', chargeTexts.aboveMaximum],
    ['', chargeTexts.invalidAmount],
  ])('refuses %s with the Persian message, right-to-left, and calls nothing', (value, message) => {
    const api = stubBillingApi();
    open();
    type(value);
    const error = fieldError();
    expect(error?.textContent).toBe(message);
    expect(error?.querySelector('[dir="rtl"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Charge' }));
    expect(api.callsTo('POST', '/api/v1/users/zarinpal/request')).toEqual([]);
  });
});

describe('paying through Zarinpal', () => {
  it('requests the payment with goal=charge and goes to the gateway', async () => {
    const api = stubBillingApi();
    open();
    type('70000');
    fireEvent.click(screen.getByRole('button', { name: 'Charge' }));
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('https://gateway.example.test/pg/StartPay/A0001'));
    const [call] = api.callsTo('POST', '/api/v1/users/zarinpal/request');
    expect(call?.search.toString()).toBe('goal=charge');
    expect(call?.body).toEqual({ amount: 70_000 });
  });

  it('tops up for a plan when /finance asked: pre-filled, goal=buy_plan with the plan and period', async () => {
    const api = stubBillingApi();
    open({ amount: 765_000, plan: { name: 'Gold', period: 'Yearly' } });
    expect(amountField().value).toBe('765,000');
    expect(screen.getByText(chargeTexts.topUpForPlan('Gold', true)).getAttribute('dir')).toBe('rtl');
    fireEvent.click(screen.getByRole('button', { name: 'Charge' }));
    await waitFor(() => expect(leaveApp).toHaveBeenCalled());
    const [call] = api.callsTo('POST', '/api/v1/users/zarinpal/request');
    expect(Object.fromEntries(call?.search ?? [])).toEqual({ goal: 'buy_plan', plan_name: 'Gold', period: 'Yearly' });
    expect(call?.body).toEqual({ amount: 765_000 });
  });

  it('does not promise the plan when the amount is less than the wallet misses for it', async () => {
    stubBillingApi();
    signIn({ charged_budget: 80_000 });
    open({ amount: 5_000_000, plan: { name: 'Gold', period: 'Yearly' } });
    // 12 × 890,000 − 80,000: more than one payment may bring.
    expect(await screen.findByText(chargeTexts.topUpInParts('Gold', true, 10_600_000))).toBeTruthy();
    expect(screen.queryByText(chargeTexts.topUpForPlan('Gold', true))).toBeNull();
    type('10000');
    expect(screen.getByText(chargeTexts.topUpInParts('Gold', true, 10_600_000))).toBeTruthy();
  });

  it('promises the plan once the amount covers what the wallet misses', async () => {
    stubBillingApi();
    signIn({ charged_budget: 80_000 });
    open({ amount: 9_000, plan: { name: 'Silver', period: 'Monthly' } });
    expect(await screen.findByText(chargeTexts.topUpForPlan('Silver', false))).toBeTruthy();
    type('8000');
    expect(await screen.findByText(chargeTexts.topUpInParts('Silver', false, 9_000))).toBeTruthy();
  });

  it("shows the server's text when the payment cannot start, and stays", async () => {
    stubBillingApi({
      answer: (call) =>
        call.path.endsWith('zarinpal/request')
          ? { status: 503, body: { detail: 'Payments are not available right now.', code: 'UNAVAILABLE' } }
          : undefined,
    });
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Charge' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Payments are not available right now.');
    expect(leaveApp).not.toHaveBeenCalled();
  });
});

describe('credit from the hosting console', () => {
  const chooseConsole = () => fireEvent.click(screen.getByRole('radio', { name: 'Hosting console' }));
  /** Add credit, once the organization check has answered. */
  async function addCredit() {
    const button = await screen.findByRole('button', { name: 'Add credit' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
  }

  it('moves the amount with the user email and an Idempotency-Key, then says so in Persian and refreshes', async () => {
    const api = stubBillingApi({ balance: 10_000 });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    open();
    chooseConsole();
    type('120000');
    await addCredit();
    const toast = await screen.findByText(chargeTexts.creditAdded(120_000));
    expect(toast.textContent).toBe('مبلغ ۱۲۰٬۰۰۰ تومان از کنسول به اعتبار شما اضافه شد.');
    expect(toast.getAttribute('dir')).toBe('rtl');
    const [call] = api.callsTo('POST', '/api/v1/users/add_credit');
    expect(call?.body).toEqual({
      user_email: 'ana@example.test',
      amount: 120_000,
      description: 'Moved to the Paydar wallet',
    });
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: financialTransactionsQueryKey });
    expect(onClose).toHaveBeenCalled();
  });

  it('does not promise the plan for console credit: only a gateway payment comes back to buy it', async () => {
    stubBillingApi();
    open({ amount: 765_000, plan: { name: 'Gold', period: 'Monthly' } });
    expect(screen.getByText(chargeTexts.topUpForPlan('Gold', false))).toBeTruthy();
    chooseConsole();
    expect(screen.queryByText(chargeTexts.topUpForPlan('Gold', false))).toBeNull();
    expect(screen.getByText(chargeTexts.consoleHint)).toBeTruthy();
  });

  it('tells the user to link an organization first when the account has none', async () => {
    stubBillingApi({ hasOrganization: false });
    open();
    chooseConsole();
    expect(await screen.findByText(chargeTexts.organizationRequired)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add credit' }).hasAttribute('disabled')).toBe(true);
  });

  it.each([
    [404, { detail: 'User not found.', code: 'NOT_FOUND' }, chargeTexts.userNotFound],
    [400, { detail: 'Link your organization first.', code: 'CONSOLE_REFUSED' }, chargeTexts.organizationRequired],
    [400, { detail: 'Transfers are paused.', code: 'CONSOLE_REFUSED' }, 'خطا: Transfers are paused.'],
    [401, { detail: 'Console refused.', code: 'CONSOLE_NOT_AUTHENTICATED' }, chargeTexts.invalidAuthentication],
    [403, { detail: 'Not yours.', code: 'FORBIDDEN' }, chargeTexts.noPermission],
    [502, { detail: 'Console down.', code: 'BAD_GATEWAY' }, chargeTexts.serverError],
  ])('answers %s with its Persian text', async (status, body, text) => {
    stubBillingApi({ answer: (call) => (call.path.endsWith('add_credit') ? { status, body } : undefined) });
    open();
    chooseConsole();
    await addCredit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(text);
    expect(alert.querySelector('[dir="rtl"]')).not.toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('reuses the key when retrying after an unknown outcome, and takes a new one after a success', async () => {
    let failNext = true;
    const api = stubBillingApi({
      answer: (call) => {
        if (!call.path.endsWith('add_credit') || !failNext) return undefined;
        failNext = false;
        return { status: 502, body: { detail: 'Console timed out.', code: 'BAD_GATEWAY' } };
      },
    });
    open();
    chooseConsole();
    await addCredit();
    await screen.findByRole('alert');
    await addCredit();
    await screen.findByText(chargeTexts.creditAdded(50_000));
    const [first, retry] = api
      .callsTo('POST', '/api/v1/users/add_credit')
      .map((call) => call.headers.get('Idempotency-Key'));
    expect(retry).toBe(first);

    await addCredit();
    await waitFor(() => expect(api.callsTo('POST', '/api/v1/users/add_credit')).toHaveLength(3));
    expect(api.callsTo('POST', '/api/v1/users/add_credit')[2]?.headers.get('Idempotency-Key')).not.toBe(first);
  });

  it('takes a new key when the amount changes after a failure', async () => {
    const api = stubBillingApi({
      answer: (call) =>
        call.path.endsWith('add_credit') ? { status: 502, body: { detail: 'x', code: 'BAD_GATEWAY' } } : undefined,
    });
    open();
    chooseConsole();
    await addCredit();
    await screen.findByRole('alert');
    type('60000');
    await addCredit();
    await waitFor(() => expect(api.callsTo('POST', '/api/v1/users/add_credit')).toHaveLength(2));
    const [first, second] = api
      .callsTo('POST', '/api/v1/users/add_credit')
      .map((call) => call.headers.get('Idempotency-Key'));
    expect(second).not.toBe(first);
  });
});
