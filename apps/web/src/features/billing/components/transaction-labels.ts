import type { FinancialTransaction } from '@paydar/contracts/billing';
import { formatTomans } from '@paydar/domain/format';

/** How the Transaction History writes a row (spec §2 Finance, §3 Financial transaction). */

/** 'Increase Credit' when the type contains 'increase', else 'Decrease Credit'. */
export function transactionType(item: Pick<FinancialTransaction, 'transaction_type'>): string {
  return item.transaction_type.includes('increase') ? 'Increase Credit' : 'Decrease Credit';
}

/** Signed Tomans: '+50,000 Tomans', '-890,000 Tomans' (a negative amount is a decrease). */
export function transactionCost(item: Pick<FinancialTransaction, 'amount'>): string {
  const sign = item.amount > 0 ? '+' : item.amount < 0 ? '-' : '';
  return `${sign}${formatTomans(Math.abs(item.amount))}`;
}

/** The external identifier (a Zarinpal ref_id, a console transfer), or '----'. */
export function transactionCode(item: Pick<FinancialTransaction, 'external_identifier'>): string {
  return item.external_identifier || '----';
}
