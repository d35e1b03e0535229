// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/runtime-config';
import {
  buildPayment,
  catalogue,
  renderAt,
  setUpBillingTests,
  signIn,
  stubBillingApi,
} from '@/features/billing/components/billing.test-support';
import { endSession } from '@/lib/auth';
import { testConfig } from '@/testing/test-utils';
import PaymentResultRoute from './payment-result';

/** The payment result (spec §2 Payment result, §4 "Payment result"). */
setUpBillingTests();

const RESULT = '/zarinpal_transaction_result';
const beacon = vi.fn((_url: string, _data?: BodyInit | null) => true);

beforeEach(() => {
  signIn({ charged_budget: 1_000_000 });
  setRuntimeConfig({ ...testConfig, analyticsEndpoint: 'https://collect.example.test/e' });
  beacon.mockClear();
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
});
afterEach(() => setRuntimeConfig(testConfig));

/** The analytics events sent, in order. */
async function events() {
  return Promise.all(beacon.mock.calls.map(async ([, blob]) => JSON.parse(await (blob as Blob).text())));
}

const show = (url: string) => renderAt(<PaymentResultRoute />, url);
/** The result page's URL for a payment, carrying whatever status and amount a visitor typed in. */
const resultFor = (authority: string, claims = 'status=OK&amount=50000&goal=charge') =>
  `${RESULT}?${claims}&authority=${authority}`;
/** /buy_plan_res as the plans popup opens it after a purchase from the wallet (or as anyone types it). */
const BOUGHT_GOLD = '/buy_plan_res?status=OK&plan_name=Gold&goal=buy_plan&period=Monthly';
const purchases = (api: ReturnType<typeof stubBillingApi>) => api.callsTo('POST', '/api/v2/users/subscriptions/buy');

describe('what it shows', () => {
  it('on OK: the code and the amount in Tomans, and Back to home', async () => {
    const payment = buildPayment();
    stubBillingApi({ payments: [payment] });
    show(resultFor(payment.authority));
    expect((await screen.findByTestId('transaction-code')).textContent).toBe('000000000000123456');
    expect(screen.getByText('50,000 Tomans')).toBeTruthy();
    expect(screen.queryByText('Transaction Failed!')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it("shows what the server recorded, not the URL: 'OK' and 9,999,999 in the URL, failed 50,000 recorded", async () => {
    const payment = buildPayment({ state: 'failed', code: null, amount: 50_000 });
    stubBillingApi({ payments: [payment] });
    show(resultFor(payment.authority, 'status=OK&code=999&amount=9999999&goal=charge'));
    expect(await screen.findByRole('heading', { name: 'Transaction Failed!' })).toBeTruthy();
    expect(screen.queryByText('Transaction Successful')).toBeNull();
    expect(screen.queryByText('9,999,999 Tomans')).toBeNull();
    expect(screen.queryByTestId('transaction-code')).toBeNull();
  });

  it('and the other way round: NOK in the URL, paid recorded, with the recorded code and amount', async () => {
    const payment = buildPayment({ code: 'R-RECORDED', amount: 89_000 });
    stubBillingApi({ payments: [payment] });
    show(resultFor(payment.authority, 'status=NOK&amount=1000&goal=charge'));
    expect(await screen.findByRole('heading', { name: 'Transaction Successful' })).toBeTruthy();
    expect(screen.getByTestId('transaction-code').textContent).toBe('R-RECORDED');
    expect(screen.getByText('89,000 Tomans')).toBeTruthy();
  });

  it("'Transaction Failed!' for a payment that is not the user's (404) or a URL with no authority", async () => {
    stubBillingApi({ payments: [] });
    show(resultFor('A-SOMEONE-ELSES'));
    expect(await screen.findByRole('heading', { name: 'Transaction Failed!' })).toBeTruthy();
    expect(screen.queryByText('50,000 Tomans')).toBeNull();
    show(`${RESULT}?status=OK&code=1&amount=50000&goal=charge`);
    expect(screen.getAllByRole('heading', { name: 'Transaction Failed!' })).toHaveLength(2);
  });

  it("otherwise 'Transaction Failed!', with no code or amount", async () => {
    const payment = buildPayment({ state: 'failed', code: null });
    stubBillingApi({ payments: [payment] });
    show(resultFor(payment.authority, 'status=NOK&amount=50000&goal=charge'));
    expect(await screen.findByRole('heading', { name: 'Transaction Failed!' })).toBeTruthy();
    expect(screen.queryByText('50,000 Tomans')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeTruthy();
  });

  it('asks a signed-out visitor to log in to see it, claiming neither success nor failure', async () => {
    const api = stubBillingApi({ payments: [buildPayment()] });
    endSession();
    show(resultFor(buildPayment().authority));
    expect(screen.getByText(/to see the result of this payment\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByText('Transaction Successful')).toBeNull();
    expect(screen.queryByText('Transaction Failed!')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls.filter((call) => call.path.startsWith('/api/v1/users/zarinpal/payments/'))).toEqual([]);
  });

  it("at /buy_plan_res: 'Plan {name} activated!' once the server says it is the user's plan, buying nothing", async () => {
    const api = stubBillingApi({ current: catalogue.gold });
    show(BOUGHT_GOLD);
    expect(await screen.findByText('Plan Gold activated!')).toBeTruthy();
    expect(api.callsTo('GET', '/api/v1/users/subscriptions')).not.toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(purchases(api)).toEqual([]);
  });

  it('at /buy_plan_res: a neutral line, never "activated", when the active plan is another', async () => {
    const api = stubBillingApi({ current: catalogue.free });
    show(BOUGHT_GOLD);
    expect(await screen.findByText(/Plan Gold is not shown as your active plan\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your plan' }).getAttribute('href')).toBe('/finance');
    expect(screen.queryByText('Plan Gold activated!')).toBeNull();
    expect(purchases(api)).toEqual([]);
  });

  it('at /buy_plan_res: the neutral line for a signed-out visitor, whose plan cannot be read', async () => {
    stubBillingApi({ current: catalogue.gold });
    endSession();
    show(BOUGHT_GOLD);
    expect(await screen.findByText(/Plan Gold is not shown as your active plan\./)).toBeTruthy();
    expect(screen.queryByText('Plan Gold activated!')).toBeNull();
  });
});

describe('analytics (spec §4)', () => {
  it('sends a purchase with the currency tag TRY and the recorded code and amount', async () => {
    const payment = buildPayment({ code: 'R77', amount: 50_000 });
    stubBillingApi({ payments: [payment] });
    show(resultFor(payment.authority, 'status=OK&code=FORGED&amount=9999999&goal=charge'));
    await waitFor(() => expect(beacon).toHaveBeenCalledOnce());
    expect(await events()).toEqual([
      expect.objectContaining({ name: 'purchase', transaction_id: 'R77', value: 50_000, currency: 'TRY' }),
    ]);
  });

  it('sends no purchase for a payment recorded as failed, whatever the URL says, nor at /buy_plan_res', async () => {
    const payment = buildPayment({ state: 'failed', code: null });
    stubBillingApi({ payments: [payment] });
    show(resultFor(payment.authority, 'status=OK&code=R78&amount=50000&goal=charge'));
    await screen.findByRole('heading', { name: 'Transaction Failed!' });
    show('/buy_plan_res?status=OK&code=R78&amount=50000&goal=charge');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(beacon).not.toHaveBeenCalled();
  });

  it('records a plan upgrade when the recorded goal is buy_plan', async () => {
    const payment = buildPayment({
      code: 'R79',
      amount: 765_000,
      goal: 'buy_plan',
      plan_name: 'Gold',
      period: 'Monthly',
    });
    stubBillingApi({ balance: 1_000_000, payments: [payment] });
    show(resultFor(payment.authority, 'status=OK&goal=charge'));
    await waitFor(() => expect(beacon).toHaveBeenCalledTimes(2));
    expect(await events()).toEqual([
      expect.objectContaining({ name: 'purchase', transaction_id: 'R79', currency: 'TRY' }),
      expect.objectContaining({ name: 'plan_upgrade', plan_name: 'Gold', period: 'Monthly', status: 'OK' }),
    ]);
  });

  it('stays silent without an endpoint, and the page still shows', async () => {
    setRuntimeConfig(testConfig);
    const payment = buildPayment();
    stubBillingApi({ payments: [payment] });
    show(resultFor(payment.authority));
    expect(await screen.findByText('50,000 Tomans')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(beacon).not.toHaveBeenCalled();
  });
});

describe('finishing a plan purchase (spec §4)', () => {
  const goldPayment = buildPayment({ goal: 'buy_plan', plan_name: 'Gold', period: 'Yearly', amount: 765_000 });
  const paidForGold = resultFor(goldPayment.authority, 'status=OK&goal=buy_plan&plan_name=Gold&period=Yearly');

  it("buys the recorded plan with its recorded period, then says 'Plan {name} activated!'", async () => {
    const api = stubBillingApi({ balance: 11_000_000, payments: [goldPayment] });
    // The URL's plan and period are not what was paid for: the record is.
    show(resultFor(goldPayment.authority, 'status=OK&goal=buy_plan&plan_name=Silver&period=Monthly'));
    expect(await screen.findByText('Plan Gold activated!')).toBeTruthy();
    expect(purchases(api).map((call) => call.body)).toEqual([{ plan_name: 'Gold', period: 'Yearly' }]);
  });

  it('buys nothing when the plan is already the user’s (a reload of the page)', async () => {
    const api = stubBillingApi({ current: catalogue.gold, payments: [goldPayment] });
    show(paidForGold);
    expect(await screen.findByText('Plan Gold activated!')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(purchases(api)).toEqual([]);
  });

  it('buys once, even when the subscription is read again meanwhile', async () => {
    const api = stubBillingApi({ balance: 11_000_000, payments: [goldPayment] });
    show(paidForGold);
    await screen.findByText('Plan Gold activated!');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(purchases(api)).toHaveLength(1);
  });

  it('buys nothing when the payment is recorded as failed, though the URL says OK', async () => {
    const api = stubBillingApi({ balance: 11_000_000, payments: [{ ...goldPayment, state: 'failed', code: null }] });
    show(paidForGold);
    expect(await screen.findByText('Transaction Failed!')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(purchases(api)).toEqual([]);
    expect(screen.queryByText('Plan Gold activated!')).toBeNull();
  });

  it("shows the server's text and a way to top up when the wallet is still short", async () => {
    const api = stubBillingApi({ balance: 5_000_000, payments: [goldPayment] });
    signIn({ charged_budget: 5_000_000 });
    show(paidForGold);
    expect(await screen.findByText('Your balance does not cover this plan.')).toBeTruthy();
    // 5,680,000 are missing for a year of Gold, and one charge brings at most 5,000,000.
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe(
        '/finance?goal=buy_plan&amount=5000000&plan_name=Gold&yearly=true',
      ),
    );
    expect(purchases(api)).toHaveLength(1);
  });

  it('asks a signed-out visitor to log in, and buys nothing', async () => {
    const api = stubBillingApi({ payments: [goldPayment] });
    endSession();
    show(paidForGold);
    expect(screen.getByText(/to see the result of this payment\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(purchases(api)).toEqual([]);
  });
});
