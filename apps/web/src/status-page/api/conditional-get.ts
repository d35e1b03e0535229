import type { z } from 'zod';
import { type ApiTarget, readAnswer, send } from './http';

/** One conditional read: a new answer with its ETag, or `changed: false` for a 304. */
export type ConditionalRead<T> = { changed: true; value: T; etag: string | null } | { changed: false };

/**
 * A visitor's read, asked with `If-None-Match` when an ETag is known: a 304 (the answer as it was)
 * costs neither side anything, which is why visitors poll instead of holding a stream.
 */
export async function conditionalGet<T extends z.ZodType>(
  target: ApiTarget,
  path: string,
  schema: T,
  etag: string | null,
): Promise<ConditionalRead<z.infer<T>>> {
  const response = await send(target, path, etag ? { headers: { 'If-None-Match': etag } } : {});
  if (response.status === 304) return { changed: false };
  const value = await readAnswer(response, schema);
  return { changed: true, value, etag: response.headers.get('etag') };
}
