import { describe, expect, it } from 'vitest';
import { statusPageBanner } from './status-page-banner';

describe('statusPageBanner', () => {
  it.each([
    [[], 'operational'],
    [['up', 'up'], 'operational'],
    [['up', 'paused', 'no data'], 'operational'],
    [['down', 'down'], 'outage'],
    [['down', 'paused'], 'outage'],
    [['down', 'up'], 'degraded'],
    [['down', 'maintenance'], 'degraded'],
    [['maintenance', 'up'], 'maintenance'],
    [['paused', 'no data'], 'operational'],
  ] as const)('%j → %s', (statuses, banner) => {
    expect(statusPageBanner(statuses)).toBe(banner);
  });
});

describe('statusPageBanner with incidents still open', () => {
  it.each([
    [['up', 'up'], 1, 'degraded'],
    [[], 2, 'degraded'],
    [['maintenance', 'up'], 1, 'degraded'],
    [['down', 'down'], 1, 'outage'],
    [['up', 'up'], 0, 'operational'],
  ] as const)('%j and %i open → %s', (statuses, open, banner) => {
    expect(statusPageBanner(statuses, open)).toBe(banner);
  });
});
