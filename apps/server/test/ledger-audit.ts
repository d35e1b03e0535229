import { expect, it } from 'vitest';
import { auditLedger } from '../src/modules/ledger/ledger.audit';
import type { TestServer } from './harness';

/**
 * The last test of a file that moves money: after every race, replay and failure above it, each
 * wallet still equals the sum of its ledger and every balance_after its running sum.
 */
export function itLeavesTheBooksBalanced(server: () => TestServer): void {
  it('leaves every wallet agreeing with its ledger', async () => {
    expect(await auditLedger(server().context.db)).toEqual([]);
  });
}
