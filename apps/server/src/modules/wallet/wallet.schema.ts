import { z } from 'zod';

/** Request schema of the transactions list; the item is `financialTransaction` in @paydar/contracts/billing. */
export const MAX_TRANSACTIONS_LIMIT = 100;

export const transactionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_TRANSACTIONS_LIMIT).default(10),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});
export type TransactionsQuery = z.infer<typeof transactionsQuery>;
