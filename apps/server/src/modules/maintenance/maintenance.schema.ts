import { pathId } from '@paydar/contracts/path-ids';
import { z } from 'zod';

/** The path of one window. */
export const windowParams = z.object({
  id: pathId('The window’s id.'),
});
