// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  buildTransaction,
  catalogue,
  paidSubscription,
  renderAt,
  setUpBillingTests,
  signIn,
  stubBillingApi,
} from '@/features/billing/components/billing.test-support';
import { setScreenWidth } from '@/testing/test-utils';
import { ChargePopupHost } from '../layout/charge-popup-host';
import FinanceRoute from './finance';

/** /finance (spec §2 Finance and the route table's query). */
setUpBillingTests();
beforeEach(() => signIn({ charged_budget: 125_000 }));

const finance = (url = '/finance') =>
  renderAt(
    <>
      <FinanceRoute />
      <ChargePopupHost />
    </>,
    url,
  );

const history = [
  buildTransaction({
    id: 3,
    amount: -890_000,
    transaction_type: 'decrease_credit',
    description: 'Plan Gold (Monthly)',
    external_identifier: null,
    creation_time: '2025-03-06T09:05:00.000Z',
  }),
  buildTransaction({ id: 2, amount: 1_000_000, external_identifier: '77001', description: 'Charge via Zarinpal' }),
];

describe('Your Credit', () => {
  it('shows the balance in Tomans with a Charge button that opens the Charge popup', async () => {
    stubBillingApi();
    finance();
    const credit = screen.getByRole('region', { name: 'Your Credit' });
    expect(within(credit).getByText('125,000 Tomans')).toBeTruthy();
    fireEvent.click(within(credit).getByRole('button', { name: 'Charge' }));
    const popup = await screen.findByRole('dialog', { name: 'Charge' });
    expect((within(popup).getByRole('textbox', { name: /Amount/ }) as HTMLInputElement).value).toBe('50,000');
  });
});

describe('Your Plan', () => {
  it('shows the running plan and its renewal beside Your Credit', async () => {
    stubBillingApi({ subscription: paidSubscription(catalogue.silver, 'Monthly') });
    finance();
    const plan = screen.getByRole('region', { name: 'Your Plan' });
    expect(await within(plan).findByText('Silver · Monthly')).toBeTruthy();
    expect(within(plan).getByText('Renews on 2025/04/05 for 89,000 Tomans from your credit.')).toBeTruthy();
    expect(within(plan).getByRole('switch', { name: 'Renew automatically' })).toBeTruthy();
  });
});

describe('Transaction History', () => {
  it('lists Type, signed Cost, Description, Code or ----, and Date as y/MM/dd - HH:mm', async () => {
    setScreenWidth(1280);
    stubBillingApi({ transactions: history });
    finance();
    const table = await screen.findByRole('table', { name: 'Transaction History' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole(row.querySelector('th') ? 'columnheader' : 'cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Type', 'Cost', 'Description', 'Code', 'Date'],
      // In the profile's zone (Asia/Tehran, UTC+03:30), as every date on screen (issue 15).
      ['Decrease Credit', '-890,000 Tomans', 'Plan Gold (Monthly)', '----', '2025/03/06 - 12:35'],
      ['Increase Credit', '+1,000,000 Tomans', 'Charge via Zarinpal', '77001', '2025/03/05 - 17:33'],
    ]);
  });

  it('pages the history ten at a time', async () => {
    setScreenWidth(1280);
    const many = Array.from({ length: 13 }, (_, index) =>
      buildTransaction({ id: 20 - index, description: `Charge ${index + 1}` }),
    );
    const api = stubBillingApi({ transactions: many });
    finance();
    expect(await screen.findByText('13 transactions')).toBeTruthy();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(11);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Charge 13')).toBeTruthy();
    expect(api.callsTo('GET', '/api/v1/users/financial_transactions').map((call) => call.search.toString())).toEqual([
      'limit=10&offset=0',
      'limit=10&offset=10',
    ]);
  });

  it('shows one card per transaction on a phone', async () => {
    setScreenWidth(390);
    stubBillingApi({ transactions: history });
    finance();
    const list = await screen.findByRole('list', { name: 'Transaction History' });
    const [first] = within(list).getAllByRole('listitem');
    expect(first?.textContent).toContain('Decrease Credit');
    expect(first?.textContent).toContain('-890,000 Tomans');
    expect(first?.textContent).toContain('----');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when there is nothing yet', async () => {
    stubBillingApi();
    finance();
    expect(await screen.findByText(/^No transactions yet\./)).toBeTruthy();
  });
});

describe('the query', () => {
  it('opens the Charge popup pre-filled to top up for a plan', async () => {
    stubBillingApi();
    finance('/finance?goal=buy_plan&amount=765000&plan_name=Gold&yearly=true');
    const popup = await screen.findByRole('dialog', { name: 'Charge' });
    expect((within(popup).getByRole('textbox', { name: /Amount/ }) as HTMLInputElement).value).toBe('765,000');
    expect(within(popup).getByText(/پلن Gold \(سالانه\)/)).toBeTruthy();
  });

  it('does not open it without one', async () => {
    stubBillingApi();
    finance();
    await screen.findByText(/^No transactions yet\./);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
