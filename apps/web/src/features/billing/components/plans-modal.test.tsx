// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  catalogue,
  currentLocation,
  renderAt,
  setUpBillingTests,
  signIn,
  stubBillingApi,
} from './billing.test-support';
import { PlansModal } from './plans-modal';

/** The Plans popup (spec §2, §4 "Plan purchase", §9). */
setUpBillingTests();
beforeEach(() => signIn({ charged_budget: 1_000_000 }));

const cardOf = (name: string) => screen.getByRole('region', { name: `${name} plan` });
const upgradeOf = (name: string) => within(cardOf(name)).queryByRole('button', { name: 'Upgrade Plan' });

async function openPopup(url = '/') {
  renderAt(<PlansModal opened onClose={() => {}} />, url);
  await screen.findByRole('region', { name: 'Gold plan' });
}

describe('the cards', () => {
  it("prices each plan per month: 'Free', '{n} Tomans' with separators, 'Contact us'", async () => {
    stubBillingApi();
    await openPopup();
    expect(within(cardOf('Free')).getByText('Free', { selector: 'p' })).toBeTruthy();
    expect(within(cardOf('Silver')).getByText('89,000 Tomans')).toBeTruthy();
    expect(within(cardOf('Gold')).getByText('890,000 Tomans')).toBeTruthy();
    expect(within(cardOf('Enterprise')).getByText('Contact us')).toBeTruthy();
  });

  it('offers Upgrade Plan only above the current level and never for Enterprise', async () => {
    stubBillingApi({ current: catalogue.silver });
    await openPopup();
    await waitFor(() => expect(within(cardOf('Silver')).getByText('Current plan')).toBeTruthy());
    expect(upgradeOf('Free')).toBeNull();
    expect(upgradeOf('Silver')).toBeNull();
    expect(upgradeOf('Gold')).not.toBeNull();
    expect(upgradeOf('Enterprise')).toBeNull();
  });
});

describe('upgrading with enough balance', () => {
  it("asks 'This action would get some of your budget.' and buys on Pay", async () => {
    const api = stubBillingApi({ balance: 1_000_000 });
    await openPopup();
    fireEvent.click(upgradeOf('Gold') as HTMLElement);
    const confirm = await screen.findByRole('dialog', { name: 'Upgrade Plan' });
    expect(within(confirm).getByText('This action would get some of your budget.')).toBeTruthy();
    expect(within(confirm).getByText('Plan Gold (Monthly): 890,000 Tomans')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/v2/users/subscriptions/buy')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/v2/users/subscriptions/buy')[0]?.body).toEqual({
      plan_name: 'Gold',
      period: 'Monthly',
    });
    expect(await screen.findByText('Plan Gold activated!')).toBeTruthy();
    // The balance and the plan are read again.
    await waitFor(() => expect(api.callsTo('GET', '/api/v1/users/profile').length).toBeGreaterThan(0));
  });

  it('buys nothing on No', async () => {
    const api = stubBillingApi({ balance: 1_000_000 });
    await openPopup();
    fireEvent.click(upgradeOf('Gold') as HTMLElement);
    const confirm = await screen.findByRole('dialog', { name: 'Upgrade Plan' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upgrade Plan' })).toBeNull());
    expect(api.callsTo('POST', '/api/v2/users/subscriptions/buy')).toEqual([]);
  });

  it('buys a year at 12 months when Yearly is chosen', async () => {
    signIn({ charged_budget: 11_000_000 });
    const api = stubBillingApi({ balance: 11_000_000 });
    await openPopup();
    fireEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    fireEvent.click(upgradeOf('Gold') as HTMLElement);
    const confirm = await screen.findByRole('dialog', { name: 'Upgrade Plan' });
    expect(within(confirm).getByText('Plan Gold (Yearly): 10,680,000 Tomans')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Pay' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/v2/users/subscriptions/buy')[0]?.body).toEqual({
        plan_name: 'Gold',
        period: 'Yearly',
      }),
    );
  });

  it('sends the user to top up when the balance fell short in the meantime (402)', async () => {
    const api = stubBillingApi({ balance: 100_000 }); // the server knows better than the cached profile
    await openPopup();
    fireEvent.click(upgradeOf('Gold') as HTMLElement);
    const confirm = await screen.findByRole('dialog', { name: 'Upgrade Plan' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Pay' }));
    await waitFor(() =>
      expect(currentLocation()).toBe('/finance?goal=buy_plan&amount=790000&plan_name=Gold&yearly=false'),
    );
    expect(api.callsTo('POST', '/api/v2/users/subscriptions/buy')).toHaveLength(1);
  });
});

describe('upgrading without enough balance', () => {
  it('goes to /finance to top up the missing amount, asking nothing and buying nothing', async () => {
    signIn({ charged_budget: 125_000 });
    const api = stubBillingApi({ balance: 125_000 });
    await openPopup();
    fireEvent.click(upgradeOf('Gold') as HTMLElement);
    await waitFor(() =>
      expect(currentLocation()).toBe('/finance?goal=buy_plan&amount=765000&plan_name=Gold&yearly=false'),
    );
    expect(screen.queryByRole('dialog', { name: 'Upgrade Plan' })).toBeNull();
    expect(api.callsTo('POST', '/api/v2/users/subscriptions/buy')).toEqual([]);
  });

  it('asks for the yearly price when Yearly is chosen', async () => {
    signIn({ charged_budget: 125_000 });
    stubBillingApi({ balance: 125_000 });
    await openPopup();
    fireEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    fireEvent.click(upgradeOf('Silver') as HTMLElement);
    await waitFor(() =>
      expect(currentLocation()).toBe('/finance?goal=buy_plan&amount=943000&plan_name=Silver&yearly=true'),
    );
  });
});

it('renders nothing but a note when no plans can be loaded (spec §8: silent)', async () => {
  stubBillingApi({ answer: (call) => (call.path.endsWith('subscription_plans') ? { status: 500 } : undefined) });
  renderAt(<PlansModal opened onClose={() => {}} />);
  expect(await screen.findByText('No plans to show right now.')).toBeTruthy();
});
