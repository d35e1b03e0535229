// @vitest-environment jsdom

import { describe, expect, it } from 'vitest';
import { buildProber, freeSpecifications } from '@/testing/monitor-builders';
import { defaultFormValues } from './monitor-form-values';
import { planHintsOf } from './plan-hints';

const probers = [1, 2, 3, 4].map((id) => buildProber({ id }));
const values = defaultFormValues(probers, undefined);
const free = { plan: freeSpecifications, planName: 'Free', probers };

describe('planHintsOf', () => {
  it('says nothing while the plan is unknown: the server alone checks then', () => {
    const hints = planHintsOf(values, { ...free, plan: null, monitorCount: 2 }, 'create');
    expect(hints).toMatchObject({ usage: null, atMonitorLimit: false, errors: {} });
  });

  it('counts monitors only when adding, and only once the count is known', () => {
    expect(planHintsOf(values, { ...free, monitorCount: null }, 'create').usage).toBeNull();
    expect(planHintsOf(values, { ...free, monitorCount: 9 }, 'edit')).toMatchObject({
      usage: null,
      atMonitorLimit: false,
    });
    expect(planHintsOf(values, { ...free, monitorCount: 1 }, 'create').usage).toBe('1 of 5 monitors used on Free');
  });

  it.each([
    [4, false],
    [5, true],
    [7, true],
  ])('%i monitors on a plan of 5: at the limit %s', (count, atLimit) => {
    const hints = planHintsOf(values, { ...free, monitorCount: count }, 'create');
    expect(hints.atMonitorLimit).toBe(atLimit);
    expect(hints.monitorLimitText).toBe(atLimit ? "You can't add more than 5 monitors" : null);
  });

  it('puts each broken limit under its field: period, probers, method', () => {
    const broken = { ...values, period: 60, probers: [1, 2, 3, 4], http_method: 'POST' as const };
    expect(planHintsOf(broken, { ...free, monitorCount: 0 }, 'create').errors).toEqual({
      period: "You can't select fewer than 5 min",
      probers: "You can't select more than 3 probers",
      http_method: 'Enabled methods can only be selected.',
    });
  });
});
