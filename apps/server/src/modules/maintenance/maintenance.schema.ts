import { z } from 'zod';

/** The path of one window. */
export const windowParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647).describe('The window’s id.'),
});
