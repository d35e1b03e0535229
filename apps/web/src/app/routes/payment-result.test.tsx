// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/runtime-config';
import {
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
const purchases = (api: ReturnType<typeof stubBillingApi>) => api.callsTo('POST', '/api/v2/users/subscriptions/buy');

describe('what it shows', () => {
  it('on OK: the code and the amount in Tomans, and Back to home', async () => {
    stubBillingApi();
    show(`${RESULT}?status=OK&code=000000000000123456&amount=50000&goal=charge`);
    expect(screen.getByTestId('transaction-code').textContent).toBe('000000000000123456');
    expect(screen.getByText('50,000 Tomans')).toBeTruthy();
    expect(screen.queryByText('Transaction Failed!')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it("otherwise 'Transaction Failed!', with no code or amount", () => {
    stubBillingApi();
    show(`${RESULT}?status=NOK&amount=50000&goal=charge`);
    expect(screen.getByRole('heading', { name: 'Transaction Failed!' })).toBeTruthy();
    expect(screen.queryByText('50,000 Tomans')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeTruthy();
  });

  it("at /buy_plan_res: 'Plan {name} activated!' for a plan bought, buying nothing", async () => {
    const api = stubBillingApi();
    show('/buy_plan_res?status=OK&plan_name=Gold&goal=buy_plan&period=Monthly');
    expect(screen.getByText('Plan Gold activated!')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(purchases(api)).toEqual([]);
  });
});

describe('analytics (spec §4)', () => {
  it('sends a purchase with the currency tag TRY on OK at the transaction result', async () => {
    stubBillingApi();
    show(`${RESULT}?status=OK&code=R77&amount=50000&goal=charge`);
    await waitFor(() => expect(beacon).toHaveBeenCalledOnce());
    expect(await events()).toEqual([
      expect.objectContaining({ name: 'purchase', transaction_id: 'R77', value: 50_000, currency: 'TRY' }),
    ]);
  });

  it('sends no purchase for a failure, nor at /buy_plan_res', async () => {
    stubBillingApi();
    show(`${RESULT}?status=NOK&amount=50000&goal=charge`);
    show('/buy_plan_res?status=OK&code=R78&amount=50000&goal=charge');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(beacon).not.toHaveBeenCalled();
  });

  it('records a plan upgrade when goal is buy_plan', async () => {
    stubBillingApi({ balance: 1_000_000 });
    show(`${RESULT}?status=OK&code=R79&amount=765000&goal=buy_plan&plan_name=Gold&period=Monthly`);
    await waitFor(() => expect(beacon).toHaveBeenCalledTimes(2));
    expect(await events()).toEqual([
      expect.objectContaining({ name: 'purchase', transaction_id: 'R79', currency: 'TRY' }),
      expect.objectContaining({ name: 'plan_upgrade', plan_name: 'Gold', period: 'Monthly', status: 'OK' }),
    ]);
  });

  it('stays silent without an endpoint, and the page still shows', async () => {
    setRuntimeConfig(testConfig);
    stubBillingApi();
    show(`${RESULT}?status=OK&code=R80&amount=50000&goal=charge`);
    expect(screen.getByText('50,000 Tomans')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(beacon).not.toHaveBeenCalled();
  });
});

describe('finishing a plan purchase (spec §4)', () => {
  const paidForGold = `${RESULT}?status=OK&code=R81&amount=765000&goal=buy_plan&plan_name=Gold&period=Yearly`;

  it("buys the plan with its name and period, then says 'Plan {name} activated!'", async () => {
    const api = stubBillingApi({ balance: 11_000_000 });
    show(paidForGold);
    expect(await screen.findByText('Plan Gold activated!')).toBeTruthy();
    expect(purchases(api).map((call) => call.body)).toEqual([{ plan_name: 'Gold', period: 'Yearly' }]);
  });

  it('buys nothing when the plan is already the user’s (a reload of the page)', async () => {
    const api = stubBillingApi({ current: catalogue.gold });
    show(paidForGold);
    expect(await screen.findByText('Plan Gold activated!')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(purchases(api)).toEqual([]);
  });

  it('buys once, even when the subscription is read again meanwhile', async () => {
    const api = stubBillingApi({ balance: 11_000_000 });
    show(paidForGold);
    await screen.findByText('Plan Gold activated!');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(purchases(api)).toHaveLength(1);
  });

  it('buys nothing when the payment failed', async () => {
    const api = stubBillingApi({ balance: 11_000_000 });
    show(`${RESULT}?status=NOK&amount=765000&goal=buy_plan&plan_name=Gold&period=Monthly`);
    expect(screen.getByText('Transaction Failed!')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(purchases(api)).toEqual([]);
    expect(screen.queryByText('Plan Gold activated!')).toBeNull();
  });

  it("shows the server's text and a way to top up when the wallet is still short", async () => {
    const api = stubBillingApi({ balance: 5_000_000 });
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
    const api = stubBillingApi();
    endSession();
    show(paidForGold);
    expect(screen.getByText(/to activate plan Gold\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(purchases(api)).toEqual([]);
  });
});
