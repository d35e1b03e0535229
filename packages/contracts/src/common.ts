import { z } from 'zod';

/** Error body of every failed call: `detail` is the text the web shows, `code` is stable. */
export const errorBody = z.looseObject({
  detail: z.string(),
  code: z.string(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Lists are paged the same way everywhere. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

export const successBody = z.object({ success: z.literal(true) });
