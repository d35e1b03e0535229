import { financialTransaction } from '@paydar/contracts/billing';
import { pageOf } from '@paydar/contracts/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const transactionsPage = pageOf(financialTransaction);

/** Rows of the Transaction History per page. */
export const TRANSACTIONS_PAGE_SIZE = 10;

/** Every page of the history: a charge, a console credit or a purchase invalidates all of them. */
export const financialTransactionsQueryKey = ['users', 'financial-transactions'] as const;

/** One page (from 1) of the wallet's transactions, newest first. */
export function getFinancialTransactions(page: number, signal?: AbortSignal) {
  const offset = (page - 1) * TRANSACTIONS_PAGE_SIZE;
  return api.get(
    `/api/v1/users/financial_transactions?limit=${TRANSACTIONS_PAGE_SIZE}&offset=${offset}`,
    transactionsPage,
    { signal },
  );
}

export const financialTransactionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...financialTransactionsQueryKey, page],
    queryFn: ({ signal }) => getFinancialTransactions(page, signal),
    // The last page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export function useFinancialTransactions(page: number) {
  return useQuery(financialTransactionsQueryOptions(page));
}
