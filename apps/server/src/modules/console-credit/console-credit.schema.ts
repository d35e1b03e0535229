import { z } from 'zod';

/**
 * `Idempotency-Key`: one per attempt to add credit, sent again unchanged on a retry, so a retry
 * after a lost answer moves the credit once. Printable ASCII (a UUID fits).
 */
export const addCreditHeaders = z.looseObject({
  'idempotency-key': z
    .string({ message: 'Send an Idempotency-Key header (8 to 100 characters), the same on every retry.' })
    .min(8, { message: 'The Idempotency-Key must be 8 to 100 characters.' })
    .max(100, { message: 'The Idempotency-Key must be 8 to 100 characters.' })
    .regex(/^[\x21-\x7e]+$/, { message: 'The Idempotency-Key must be printable ASCII without spaces.' }),
});
