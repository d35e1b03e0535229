import { z } from 'zod';

/** The path of one page. */
export const pageParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647).describe('The page’s id.'),
});
