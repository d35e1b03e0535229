// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { allPlans, catalogue } from './billing.test-support';
import { barScale, planBars } from './plan-bars';
import { PlanCard } from './plan-card';

const scale = barScale(allPlans());
const card = (
  plan = catalogue.gold,
  props: { current?: boolean; period?: 'Monthly' | 'Yearly'; onUpgrade?: () => void } = {},
) =>
  renderWithProviders(
    <PlanCard
      plan={plan}
      current={props.current ?? false}
      bars={planBars(plan, scale)}
      period={props.period ?? 'Monthly'}
      onUpgrade={props.onUpgrade}
    />,
  );

const withVoiceCall = (VoiceCall: boolean) => ({
  ...catalogue.gold,
  description: { ...catalogue.gold.description, quality: { ...catalogue.gold.description.quality, VoiceCall } },
});

describe('plan card', () => {
  it.each([
    ['Free', catalogue.free, 'No charge'],
    ['1 Toman', { ...catalogue.silver, default_cost: 1 }, 'per month'],
    ['89,000 Tomans', catalogue.silver, 'per month'],
    ['Contact us', catalogue.enterprise, 'priced for you'],
  ])("prices as '%s' (spec §9)", (price, plan, note) => {
    card(plan);
    expect(screen.getByText(price, { exact: true, selector: 'p' })).toBeTruthy();
    expect(screen.getByText(note)).toBeTruthy();
  });

  it('says what a year costs when Yearly is chosen, the price staying per month', () => {
    card(catalogue.gold, { period: 'Yearly' });
    expect(screen.getByText('890,000 Tomans')).toBeTruthy();
    expect(screen.getByText('per month, 10,680,000 Tomans a year')).toBeTruthy();
  });

  it('draws a bar per specification with its value', () => {
    card(catalogue.silver);
    const bar = screen.getByRole('progressbar', { name: 'Silver Monitors: 20' });
    expect(bar.getAttribute('aria-valuenow')).toBe('20');
    expect(screen.getByRole('progressbar', { name: 'Silver Check interval: 1 min' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Silver History: 30 days' })).toBeTruthy();
  });

  it('shows Enterprise with unlimited bars and the support address, and no Upgrade Plan', () => {
    card(catalogue.enterprise);
    const region = screen.getByRole('region', { name: 'Enterprise plan' });
    expect(within(region).getAllByText('Unlimited')).toHaveLength(5);
    expect(within(region).getByRole('link', { name: 'support@example.test' })).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'Upgrade Plan' })).toBeNull();
  });

  it('offers Upgrade Plan only when given a way to upgrade', () => {
    const onUpgrade = vi.fn();
    card(catalogue.gold, { onUpgrade });
    screen.getByRole('button', { name: 'Upgrade Plan' }).click();
    expect(onUpgrade).toHaveBeenCalledOnce();
  });

  it('marks the current plan', () => {
    card(catalogue.silver, { current: true });
    expect(screen.getByText('Current plan')).toBeTruthy();
  });

  it('lists voice call alerts on a plan that rings phones', () => {
    card(withVoiceCall(true));
    expect(screen.getByText('Voice call alerts')).toBeTruthy();
  });

  it('does not on a plan that only sends SMS', () => {
    card(withVoiceCall(false));
    expect(screen.getByText('Monitor groups')).toBeTruthy();
    expect(screen.queryByText('Voice call alerts')).toBeNull();
  });
});
