import type { FinancialTransaction } from '@paydar/contracts/billing';
import type { Caller, ServiceContext } from '../../context';
import { offsetPage } from '../../http/pagination';
import { type LedgerEntry, listLedgerEntries } from '../ledger/ledger.repository';
import type { TransactionsQuery } from './wallet.schema';

export const TRANSACTIONS_PATH = '/api/v1/users/financial_transactions';

/** Spec §3 Financial transaction: the user, the source and the balance after are not part of it. */
export function presentTransaction(entry: LedgerEntry): FinancialTransaction {
  return {
    id: entry.id,
    amount: entry.amount,
    transaction_type: entry.transactionType,
    description: entry.description,
    external_identifier: entry.externalIdentifier,
    creation_time: entry.createdAt.toISOString(),
  };
}

/** `GET /api/v1/users/financial_transactions`: the caller's own movements only, newest first. */
export async function getFinancialTransactions(context: ServiceContext, caller: Caller, query: TransactionsQuery) {
  const { count, entries } = await listLedgerEntries(context.db, caller.userId, query);
  return offsetPage(entries.map(presentTransaction), count, query, `${context.config.PUBLIC_URL}${TRANSACTIONS_PATH}`);
}
