// @vitest-environment jsdom
import type { Subscription } from '@paydar/contracts/plans';
import { describe, expect, it } from 'vitest';
import { catalogue, paidSubscription, subscriptionTo } from './billing.test-support';
import { planLabel, planOutlook, renewsFromWallet } from './plan-renewal';

const end = new Date(2025, 3, 5, 10, 0).toISOString();
const silver = paidSubscription(catalogue.silver, 'Monthly');
const silverOff = paidSubscription(catalogue.silver, 'Monthly', { auto_renew: false });
const goldYearly = paidSubscription(catalogue.gold, 'Yearly');
const enterprise = paidSubscription(catalogue.enterprise, 'Yearly', { auto_renew: false });
const grantedFree = paidSubscription({ ...catalogue.gold, default_cost: 0 }, 'Monthly', { auto_renew: false });
const noPeriod = paidSubscription(catalogue.silver, 'Monthly', { period: null, auto_renew: false });
// A renewal flag the server should never send for a plan it cannot renew: the card still says it ends.
const stale = paidSubscription(catalogue.enterprise, 'Monthly', { auto_renew: true });

describe('renewsFromWallet (the server rule: a sold plan, bought for a period, with an end)', () => {
  it.each<[string, Subscription, boolean]>([
    ['Silver Monthly', silver, true],
    ['Silver with its renewal off', silverOff, true],
    ['Free', subscriptionTo(catalogue.free), false],
    ['Enterprise', enterprise, false],
    ['a plan granted at no cost', grantedFree, false],
    ['a plan with no period', noPeriod, false],
    ['a plan with no end', { ...silver, expire_time: null }, false],
  ])('%s → %s', (_, subscription, expected) => {
    expect(renewsFromWallet(subscription)).toBe(expected);
  });
});

describe('planOutlook', () => {
  it.each<[string, Subscription | null, number | undefined, ReturnType<typeof planOutlook>]>([
    ['no subscription', null, 0, { kind: 'free' }],
    ['Free', subscriptionTo(catalogue.free), 0, { kind: 'free' }],
    ['Enterprise with no end', { ...enterprise, expire_time: null, period: null }, 0, { kind: 'open' }],
    ['Silver, credit covers it', silver, 125_000, { kind: 'renews', end, price: 89_000, shortBy: 0 }],
    ['Silver, credit exactly the price', silver, 89_000, { kind: 'renews', end, price: 89_000, shortBy: 0 }],
    ['Silver, credit short', silver, 9_000, { kind: 'renews', end, price: 89_000, shortBy: 80_000 }],
    ['Silver, credit unknown', silver, undefined, { kind: 'renews', end, price: 89_000, shortBy: 0 }],
    ['Gold Yearly at 12 months', goldYearly, 0, { kind: 'renews', end, price: 10_680_000, shortBy: 10_680_000 }],
    ['Silver, renewal off', silverOff, 0, { kind: 'ends', end, switchable: true }],
    ['Enterprise with an end', enterprise, 0, { kind: 'ends', end, switchable: false }],
    ['granted at no cost', grantedFree, 0, { kind: 'ends', end, switchable: false }],
    ['renewal on but not renewable', stale, 10_000_000, { kind: 'ends', end, switchable: false }],
  ])('%s', (_, subscription, balance, expected) => {
    expect(planOutlook(subscription, balance)).toEqual(expected);
  });
});

describe('planLabel', () => {
  it.each<[Subscription | null, string]>([
    [null, 'Free'],
    [subscriptionTo(catalogue.free), 'Free'],
    [silver, 'Silver · Monthly'],
    [goldYearly, 'Gold · Yearly'],
    [noPeriod, 'Silver'],
  ])('%#: %s', (subscription, expected) => {
    expect(planLabel(subscription)).toBe(expected);
  });
});
