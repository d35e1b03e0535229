// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildGoldSubscription } from '@/testing/monitor-builders';
import { renderWithProviders } from '@/testing/test-utils';
import { PlanCard } from './plan-card';

const gold = buildGoldSubscription().subscription_plan;
const withVoiceCall = (VoiceCall: boolean) => ({
  ...gold,
  description: { ...gold.description, quality: { ...gold.description.quality, VoiceCall } },
});

describe('plan card', () => {
  it('lists voice call alerts on a plan that rings phones', () => {
    renderWithProviders(<PlanCard plan={withVoiceCall(true)} current={false} />);
    expect(screen.getByText('Voice call alerts')).toBeTruthy();
  });

  it('does not on a plan that only sends SMS', () => {
    renderWithProviders(<PlanCard plan={withVoiceCall(false)} current={false} />);
    expect(screen.getByText('Monitor groups')).toBeTruthy();
    expect(screen.queryByText('Voice call alerts')).toBeNull();
  });
});
