// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { freeSpecifications } from '@/testing/monitor-builders';
import { NO_ACTIVE_PLAN_TEXT, pageAllowance } from './page-allowance';

describe('pageAllowance', () => {
  const plan = (pages?: number) => ({ ...freeSpecifications, STATUS_PAGES: pages });

  it.each([
    [0, plan(1), { limit: 1, blockedBy: null }],
    [1, plan(1), { limit: 1, blockedBy: "You can't add more than 1 status page" }],
    [2, plan(3), { limit: 3, blockedBy: null }],
    [3, plan(3), { limit: 3, blockedBy: "You can't add more than 3 status pages" }],
    // A plan stored before status pages existed allows one.
    [1, plan(undefined), { limit: 1, blockedBy: "You can't add more than 1 status page" }],
    // A downgrade can leave more pages than the plan allows.
    [5, plan(3), { limit: 3, blockedBy: "You can't add more than 3 status pages" }],
  ])('%i pages on a plan of %o', (used, specifications, expected) => {
    expect(pageAllowance(used, specifications)).toEqual(expected);
  });

  it('blocks nothing while the plan loads, and everything without a plan', () => {
    expect(pageAllowance(4, undefined)).toEqual({ limit: null, blockedBy: null });
    expect(pageAllowance(0, null)).toEqual({ limit: null, blockedBy: NO_ACTIVE_PLAN_TEXT });
  });
});
