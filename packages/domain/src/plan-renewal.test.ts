import { describe, expect, it } from 'vitest';
import { isSoldFromWallet, renewsFromWallet } from './plan-renewal';

describe('plans the wallet sells and renews', () => {
  it.each([
    [{ level: 1, monthlyCost: 89_000 }, true],
    [{ level: 3, monthlyCost: 890_000 }, true],
    [{ level: 0, monthlyCost: 0 }, false], // Free
    [{ level: 2, monthlyCost: 0 }, false], // a plan that costs nothing
    [{ level: 10, monthlyCost: 5_000_000 }, false], // Enterprise, priced or not
  ])('%o sold from the wallet: %s', (plan, sold) => {
    expect(isSoldFromWallet(plan)).toBe(sold);
    expect(renewsFromWallet(plan, 'Monthly')).toBe(sold);
    expect(renewsFromWallet(plan, 'Yearly')).toBe(sold);
  });

  it('never renews a subscription without a period (an operator’s grant)', () => {
    expect(renewsFromWallet({ level: 1, monthlyCost: 89_000 }, null)).toBe(false);
  });
});
