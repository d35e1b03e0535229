import { useState } from 'react';
import { PagedHistoryCard } from '@/components/paged-history-card';
import { TRANSACTIONS_PAGE_SIZE, useFinancialTransactions } from '../api/get-financial-transactions';
import { TransactionHistoryList } from './transaction-history-list';
import { TransactionHistoryTable } from './transaction-history-table';

/** 'Transaction History' (spec §2 Finance): every movement of the wallet, newest first, paged by the server. */
export function TransactionHistoryCard() {
  const [page, setPage] = useState(1);
  return (
    <PagedHistoryCard
      id="transaction-history"
      title="Transaction History"
      what="the transaction history"
      countLabel={(count) => (count === 1 ? '1 transaction' : `${count} transactions`)}
      empty="No transactions yet. Charges, console credits and plan purchases are listed here."
      history={useFinancialTransactions(page)}
      pageSize={TRANSACTIONS_PAGE_SIZE}
      page={page}
      onPageChange={setPage}
      renderItems={(items, phone) =>
        phone ? <TransactionHistoryList items={items} /> : <TransactionHistoryTable items={items} />
      }
    />
  );
}
