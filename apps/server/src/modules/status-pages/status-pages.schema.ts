import { pathId } from '@paydar/contracts/path-ids';
import { z } from 'zod';

/** The path of one page. */
export const pageParams = z.object({
  id: pathId('The page’s id.'),
});
