import { edgeText } from '@paydar/contracts/edge-values';
import { z } from 'zod';

/**
 * The callback's query as Zarinpal sends it. Everything is optional and loose: a browser that
 * arrives with a broken query still gets the result page ('Transaction Failed!'), not a JSON 400.
 */
export const callbackQuery = z.looseObject({
  Authority: z.string().max(100).optional().catch(undefined),
  Status: z.string().max(20).optional().catch(undefined),
});
export type CallbackQuery = z.infer<typeof callbackQuery>;

/** An authority as Zarinpal issues it (`A` and 35 more); anything else simply matches no payment. */
export const paymentParams = z.object({ authority: edgeText(100) });
