// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  catalogue,
  renderAt,
  setUpBillingTests,
  signIn,
  stubBillingApi,
} from '@/features/billing/components/billing.test-support';
import { usePlansPopupOpened } from '@/lib/plans-popup';
import { DEMO_READ_ONLY_TEXT } from '@/lib/read-only';
import { ChargePopupHost } from './charge-popup-host';
import { Header } from './header';

/** The header's billing parts (spec §2 Header): the balance with its plus button, and the menu's plan entry. */
setUpBillingTests();
beforeEach(() => signIn({ charged_budget: 1_234_000 }));

function PlansPopupState() {
  return <output data-testid="plans-popup">{usePlansPopupOpened() ? 'open' : 'closed'}</output>;
}

const header = () =>
  renderAt(
    <>
      <Header />
      <ChargePopupHost />
      <PlansPopupState />
    </>,
    '/',
  );

describe('header', () => {
  it('shows the wallet balance in Tomans, and its plus button opens the Charge popup', async () => {
    stubBillingApi();
    header();
    expect(screen.getByLabelText('Wallet balance').textContent).toBe('1,234,000 Tomans');
    fireEvent.click(screen.getByRole('button', { name: 'Charge wallet' }));
    const popup = await screen.findByRole('dialog', { name: 'Charge' });
    expect((within(popup).getByRole('textbox', { name: /Amount/ }) as HTMLInputElement).value).toBe('50,000');
  });

  it("shows the demo's plus button disabled, saying the demo is read-only", () => {
    signIn({ is_demo: true });
    stubBillingApi();
    header();
    const plus = screen.getByRole('button', { name: 'Charge wallet' }) as HTMLButtonElement;
    expect(plus.disabled).toBe(true);
    expect(plus.closest('[data-read-only]')?.getAttribute('title')).toBe(DEMO_READ_ONLY_TEXT);
  });

  it.each([
    ['Upgrade Plan', 'Gold', catalogue.gold],
    ['Plans', 'Enterprise', catalogue.enterprise],
  ])("names the plans entry '%s' on %s, and it opens the Plans popup", async (entry, _name, plan) => {
    stubBillingApi({ current: plan });
    header();
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    const item = await screen.findByRole('menuitem', { name: entry });
    fireEvent.click(item);
    expect(screen.getByTestId('plans-popup').textContent).toBe('open');
  });
});
