// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { usePlansPopupOpened } from '@/lib/plans-popup';
import {
  catalogue,
  paidSubscription,
  renderAt,
  setUpBillingTests,
  signIn,
  stubBillingApi,
} from './billing.test-support';
import { YourPlanCard } from './your-plan-card';

/** 'Your Plan' on the Billing page: the plan, when it renews or ends, and the renewal switch. */
setUpBillingTests();
beforeEach(() => signIn({ charged_budget: 125_000 }));

const AUTO_RENEW = '/api/v1/users/subscriptions/auto_renew';

function PlansPopupProbe() {
  return <output data-testid="plans-popup">{usePlansPopupOpened() ? 'open' : 'closed'}</output>;
}

async function showCard(expectedLabel: string) {
  renderAt(
    <>
      <YourPlanCard />
      <PlansPopupProbe />
    </>,
  );
  const card = screen.getByRole('region', { name: 'Your Plan' });
  await waitFor(() => expect(within(card).getByTestId('finance-plan').textContent).toBe(expectedLabel));
  return card;
}

const renewalSwitch = (card: HTMLElement) =>
  within(card).getByRole('switch', { name: /^Renew automatically/ }) as HTMLInputElement;

describe('a plan that renews from the wallet', () => {
  it('names the plan and period, and says when it renews and for how much', async () => {
    stubBillingApi({ subscription: paidSubscription(catalogue.silver, 'Monthly') });
    const card = await showCard('Silver · Monthly');
    expect(within(card).getByText('Renews on 2025/04/05 for 89,000 Tomans from your credit.')).toBeTruthy();
    expect(renewalSwitch(card).checked).toBe(true);
    expect(renewalSwitch(card).disabled).toBe(false);
    // 125,000 covers 89,000: no warning.
    expect(within(card).queryByText(/short by/)).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Upgrade Plan' })).toBeNull();
  });

  it('prices a yearly plan at 12 months and warns when the credit is short of it', async () => {
    stubBillingApi({ balance: 125_000, subscription: paidSubscription(catalogue.gold, 'Yearly') });
    const card = await showCard('Gold · Yearly');
    expect(within(card).getByText('Renews on 2025/04/05 for 10,680,000 Tomans from your credit.')).toBeTruthy();
    expect(
      within(card).getByText(
        'Your credit is short by 10,555,000 Tomans: charge before then or the plan moves to Free.',
      ),
    ).toBeTruthy();
  });

  it('does not warn when the credit is exactly the price', async () => {
    signIn({ charged_budget: 89_000 });
    stubBillingApi({ balance: 89_000, subscription: paidSubscription(catalogue.silver, 'Monthly') });
    const card = await showCard('Silver · Monthly');
    expect(within(card).getByText(/^Renews on 2025\/04\/05/)).toBeTruthy();
    expect(within(card).queryByText(/short by/)).toBeNull();
  });
});

describe('a plan whose renewal is off', () => {
  it('says when it ends and that the account then moves to Free', async () => {
    stubBillingApi({ subscription: paidSubscription(catalogue.silver, 'Monthly', { auto_renew: false }) });
    const card = await showCard('Silver · Monthly');
    expect(within(card).getByText('Ends on 2025/04/05; then your account moves to the Free plan.')).toBeTruthy();
    expect(within(card).queryByText(/^Renews on/)).toBeNull();
    expect(renewalSwitch(card).checked).toBe(false);
  });
});

describe('the switch', () => {
  it('turns the renewal off with PATCH {auto_renew: false} and then tells the end', async () => {
    const api = stubBillingApi({ subscription: paidSubscription(catalogue.silver, 'Monthly') });
    const card = await showCard('Silver · Monthly');
    fireEvent.click(renewalSwitch(card));
    expect(await within(card).findByText('Ends on 2025/04/05; then your account moves to the Free plan.')).toBeTruthy();
    expect(api.callsTo('PATCH', AUTO_RENEW).map((call) => call.body)).toEqual([{ auto_renew: false }]);
    expect(renewalSwitch(card).checked).toBe(false);
    // The list is read again after the change, so every screen holding it agrees with the server.
    await waitFor(() => expect(api.callsTo('GET', '/api/v1/users/subscriptions')).toHaveLength(2));
  });

  it('shows the answered subscription without waiting for the list to be read again', async () => {
    const api = stubBillingApi({ subscription: paidSubscription(catalogue.silver, 'Monthly') });
    let reads = 0;
    const never = new Promise<Response>(() => {});
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
      const rereadsList = init.method === 'GET' && String(input).endsWith('/api/v1/users/subscriptions') && ++reads > 1;
      return rereadsList ? never : api.fetchMock(input, init);
    });
    const card = await showCard('Silver · Monthly');
    fireEvent.click(renewalSwitch(card));
    expect(await within(card).findByText(/^Ends on 2025\/04\/05/)).toBeTruthy();
    // The list is being read again (and never answers here), yet the card already shows the change.
    await waitFor(() => expect(reads).toBe(2));
    expect(renewalSwitch(card).checked).toBe(false);
  });

  it('turns it back on with PATCH {auto_renew: true}', async () => {
    const api = stubBillingApi({
      subscription: paidSubscription(catalogue.silver, 'Monthly', { auto_renew: false }),
    });
    const card = await showCard('Silver · Monthly');
    fireEvent.click(renewalSwitch(card));
    expect(await within(card).findByText('Renews on 2025/04/05 for 89,000 Tomans from your credit.')).toBeTruthy();
    expect(api.callsTo('PATCH', AUTO_RENEW).map((call) => call.body)).toEqual([{ auto_renew: true }]);
    expect(renewalSwitch(card).checked).toBe(true);
  });

  it('is disabled, showing the choice, while the call runs', async () => {
    const api = stubBillingApi({ subscription: paidSubscription(catalogue.silver, 'Monthly') });
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (init.method === 'PATCH') await held;
      return api.fetchMock(input, init);
    });
    const card = await showCard('Silver · Monthly');
    fireEvent.click(renewalSwitch(card));
    await waitFor(() => expect(renewalSwitch(card).disabled).toBe(true));
    expect(renewalSwitch(card).checked).toBe(false);
    answer();
    await within(card).findByText(/^Ends on 2025\/04\/05/);
    await waitFor(() => expect(renewalSwitch(card).disabled).toBe(false));
  });

  it("shows the server's reason when the change is refused, and keeps the plan as it was", async () => {
    stubBillingApi({
      subscription: paidSubscription(catalogue.silver, 'Monthly'),
      answer: (call) =>
        call.method === 'PATCH'
          ? {
              status: 400,
              body: {
                detail: 'auto_renew: Your Silver plan does not renew from your credit: there is no renewal to switch.',
                code: 'VALIDATION_FAILED',
                auto_renew: ['Your Silver plan does not renew from your credit: there is no renewal to switch.'],
              },
            }
          : undefined,
    });
    const card = await showCard('Silver · Monthly');
    fireEvent.click(renewalSwitch(card));
    const alert = await within(card).findByRole('alert');
    // The server's words without its field name (issue 15: no internal names on screen).
    expect(alert.textContent).toBe('Your Silver plan does not renew from your credit: there is no renewal to switch.');
    expect(renewalSwitch(card).checked).toBe(true);
    expect(renewalSwitch(card).disabled).toBe(false);
    expect(within(card).getByText(/^Renews on 2025\/04\/05/)).toBeTruthy();
  });

  it('is shown but disabled for the demo account, which cannot change it', async () => {
    signIn({ is_demo: true });
    const api = stubBillingApi({ subscription: paidSubscription(catalogue.silver, 'Monthly') });
    const card = await showCard('Silver · Monthly');
    const toggle = renewalSwitch(card);
    expect(toggle.disabled).toBe(true);
    expect(within(card).getByText('The demo account cannot change this.')).toBeTruthy();
    fireEvent.click(toggle);
    expect(api.callsTo('PATCH', AUTO_RENEW)).toEqual([]);
  });
});

describe('plans the wallet does not renew', () => {
  it('shows Free with Upgrade Plan, which opens the Plans popup, and no switch', async () => {
    const api = stubBillingApi();
    const card = await showCard('Free');
    expect(within(card).queryByRole('switch')).toBeNull();
    expect(within(card).queryByText(/^(Renews|Ends) on/)).toBeNull();
    expect(screen.getByTestId('plans-popup').textContent).toBe('closed');
    fireEvent.click(within(card).getByRole('button', { name: 'Upgrade Plan' }));
    expect(screen.getByTestId('plans-popup').textContent).toBe('open');
    expect(api.callsTo('PATCH', AUTO_RENEW)).toEqual([]);
  });

  it('shows an Enterprise plan with an end as ending, with no switch', async () => {
    stubBillingApi({ subscription: paidSubscription(catalogue.enterprise, 'Yearly', { auto_renew: false }) });
    const card = await showCard('Enterprise · Yearly');
    expect(within(card).getByText('Ends on 2025/04/05; then your account moves to the Free plan.')).toBeTruthy();
    expect(within(card).queryByRole('switch')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Upgrade Plan' })).toBeNull();
  });

  it('shows an Enterprise plan with no end by name only', async () => {
    stubBillingApi({
      subscription: paidSubscription(catalogue.enterprise, 'Monthly', {
        period: null,
        expire_time: null,
        auto_renew: false,
      }),
    });
    const card = await showCard('Enterprise');
    expect(within(card).queryByText(/^(Renews|Ends) on/)).toBeNull();
    expect(within(card).queryByRole('switch')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Upgrade Plan' })).toBeNull();
  });

  it('shows a plan an operator granted at no cost as ending, with no switch', async () => {
    const granted = { ...catalogue.gold, default_cost: 0 };
    stubBillingApi({ subscription: paidSubscription(granted, 'Monthly', { period: null, auto_renew: false }) });
    const card = await showCard('Gold');
    expect(within(card).getByText('Ends on 2025/04/05; then your account moves to the Free plan.')).toBeTruthy();
    expect(within(card).queryByRole('switch')).toBeNull();
  });
});
