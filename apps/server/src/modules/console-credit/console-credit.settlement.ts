import type { ServiceContext } from '../../context';
import { type LedgerEntry, postLedgerEntry } from '../ledger/ledger.repository';
import { type ConsoleTransferRow, markTransferCredited } from './console-credit.repository';

/**
 * Credits a transfer the console made, once: the ledger posting is keyed by the transfer's
 * idempotency key, and the record is marked credited in the same transaction. The request that
 * asked for it and the reconciliation job both end here; whichever comes second posts nothing.
 */
export async function creditConsoleTransfer(
  context: ServiceContext,
  record: ConsoleTransferRow,
  transferId: string,
): Promise<LedgerEntry> {
  return context.runInTransaction(async ({ db }) => {
    const now = context.now();
    const { entry } = await postLedgerEntry(
      db,
      {
        userId: record.userId,
        amount: record.amount,
        source: 'console',
        description: record.ledgerDescription,
        externalIdentifier: transferId,
        idempotencyKey: record.idempotencyKey,
      },
      now,
    );
    await markTransferCredited(db, record.id, transferId, now);
    return entry;
  });
}
