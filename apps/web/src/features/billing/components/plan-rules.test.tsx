// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { parseFinanceQuery } from '../hooks/use-finance-query';
import { parsePaymentResult } from '../hooks/use-recorded-payment';
import { allPlans, buildTransaction, catalogue } from './billing.test-support';
import { barScale, planBars, referencePlan } from './plan-bars';
import { canUpgrade, planPrice, topUpAmount, topUpPath } from './plan-purchase';
import { quickPicks } from './quick-picks';
import { transactionCode, transactionCost, transactionType } from './transaction-labels';

const percents = (plan = catalogue.silver, plans = allPlans()) =>
  Object.fromEntries(planBars(plan, barScale(plans)).map((bar) => [bar.label, Math.round(bar.percent * 10) / 10]));

describe('plan bars (spec §6, §9)', () => {
  it('draws each specification against the level-3 plan, a shorter interval being more', () => {
    expect(percents(catalogue.silver)).toEqual({
      Monitors: 20, // 20 of Gold's 100
      'Check interval': 25, // Gold's 15 s over 60 s
      'Probers per monitor': 50,
      History: 33.3,
      Notifications: 7.7, // 1,000 of 1.3 × 10,000
    });
  });

  it('fills the level-3 plan, except notifications: 1.3 × the largest plan keeps that bar short of full', () => {
    expect(percents(catalogue.gold)).toEqual({
      Monitors: 100,
      'Check interval': 100,
      'Probers per monitor': 100,
      History: 100,
      Notifications: 76.9,
    });
  });

  it('shows Enterprise unlimited and full everywhere', () => {
    const bars = planBars(catalogue.enterprise, barScale(allPlans()));
    expect(bars.map((bar) => [bar.value, bar.percent])).toEqual(Array(5).fill(['Unlimited', 100]));
  });

  it('never draws past full, nor measures against Enterprise', () => {
    const platinum = { ...catalogue.gold, id: 9, name: 'Platinum', level: 5 };
    platinum.specifications = { ...platinum.specifications, MAXIMUM_MONITOR_COUNT: 500 };
    expect(percents(platinum, [...allPlans(), platinum]).Monitors).toBe(100);
  });

  it('falls back to the highest plan below Enterprise when no plan has level 3', () => {
    expect(referencePlan([catalogue.free, catalogue.silver, catalogue.enterprise])?.name).toBe('Silver');
  });
});

describe('plan purchase rules (spec §4, §9)', () => {
  it('prices a year as 12 months', () => {
    expect(planPrice(catalogue.gold, 'Monthly')).toBe(890_000);
    expect(planPrice(catalogue.gold, 'Yearly')).toBe(10_680_000);
  });

  it.each([
    ['a higher level', true, catalogue.gold, 1],
    ['the same level', false, catalogue.silver, 1],
    ['a lower level', false, catalogue.free, 1],
    ['Enterprise', false, catalogue.enterprise, 0],
  ] as const)('offers Upgrade for %s: %s', (_name, offered, plan, level) => {
    expect(canUpgrade(plan, level)).toBe(offered);
  });

  it('tops up the missing amount, within what one charge may bring', () => {
    expect(topUpAmount(890_000, 125_000)).toBe(765_000);
    expect(topUpAmount(89_000, 88_700)).toBe(1_000);
    expect(topUpAmount(10_680_000, 0)).toBe(5_000_000);
  });

  it('sends the top-up to /finance with goal, amount, plan_name and yearly', () => {
    expect(topUpPath('Gold', 'Yearly', 765_000)).toBe(
      '/finance?goal=buy_plan&amount=765000&plan_name=Gold&yearly=true',
    );
  });
});

describe('quick-picks (spec §9)', () => {
  it('are the Silver and Gold prices', () => {
    const silver = { ...catalogue.silver, default_cost: 99_000 };
    const gold = { ...catalogue.gold, default_cost: 990_000 };
    expect(quickPicks([catalogue.free, silver, gold])).toEqual([99_000, 990_000]);
  });

  it('fall back to 89,000 and 890,000 without them', () => {
    expect(quickPicks(undefined)).toEqual([89_000, 890_000]);
    expect(quickPicks([catalogue.free, { ...catalogue.gold, is_active: false }])).toEqual([89_000, 890_000]);
  });
});

describe('transaction rows (spec §2 Finance, §3)', () => {
  it('names the type by whether it contains "increase"', () => {
    expect(transactionType(buildTransaction())).toBe('Increase Credit');
    expect(transactionType(buildTransaction({ transaction_type: 'decrease_credit', amount: -1 }))).toBe(
      'Decrease Credit',
    );
  });

  it('signs the cost in Tomans', () => {
    expect(transactionCost({ amount: 50_000 })).toBe('+50,000 Tomans');
    expect(transactionCost({ amount: -890_000 })).toBe('-890,000 Tomans');
    expect(transactionCost({ amount: 1 })).toBe('+1 Toman');
  });

  it("shows the external identifier or '----'", () => {
    expect(transactionCode({ external_identifier: 'A77' })).toBe('A77');
    expect(transactionCode({ external_identifier: null })).toBe('----');
    expect(transactionCode({ external_identifier: '' })).toBe('----');
  });
});

describe('the /finance query (spec §2)', () => {
  const parse = (query: string) => parseFinanceQuery(new URLSearchParams(query));

  it('asks for nothing without goal or amount', () => {
    expect(parse('')).toBeNull();
    expect(parse('foo=1')).toBeNull();
  });

  it('pre-fills a plain charge', () => {
    expect(parse('goal=charge&amount=70000')).toEqual({ amount: 70_000 });
  });

  it('pre-fills a top-up for a plan, yearly or monthly', () => {
    expect(parse('goal=buy_plan&amount=765000&plan_name=Gold&yearly=true')).toEqual({
      amount: 765_000,
      plan: { name: 'Gold', period: 'Yearly' },
    });
    expect(parse('goal=buy_plan&amount=1000&plan_name=Silver&yearly=false')?.plan).toEqual({
      name: 'Silver',
      period: 'Monthly',
    });
  });

  it('ignores an amount that is not a whole number', () => {
    expect(parse('goal=charge&amount=12abc')).toEqual({});
  });
});

describe('the /buy_plan_res query (spec §2)', () => {
  it('reads status, code, amount, goal, plan name and period', () => {
    expect(
      parsePaymentResult(
        new URLSearchParams('status=OK&code=123456&amount=50000&goal=buy_plan&plan_name=Gold&period=Yearly'),
      ),
    ).toEqual({ status: 'ok', code: '123456', amount: 50_000, goal: 'buy_plan', planName: 'Gold', period: 'Yearly' });
  });

  it('is a failure unless the status is OK', () => {
    expect(parsePaymentResult(new URLSearchParams('status=NOK&amount=50000')).status).toBe('failed');
    expect(parsePaymentResult(new URLSearchParams('')).status).toBe('failed');
    expect(parsePaymentResult(new URLSearchParams('status=ok')).status).toBe('ok');
  });
});
