import { z } from 'zod';
import { INT4_MAX } from './edge-values';

/** What a client is told when a path id is not one; the field is named beside it. */
export const PATH_ID_MESSAGE = `Expected an id: a whole number from 1 to ${INT4_MAX}, in digits only (no sign, space, point, exponent or leading zero).`;

/** The one spelling of an id in a path: as PostgreSQL's `integer` prints it, at most 10 digits. */
const DIGITS = /^[1-9][0-9]{0,9}$/;

/**
 * A database id in a URL path (`/monitors/8/`): only the canonical digits are one. `z.coerce.number()`
 * took " 8", "+8", "08", "8.0" and "1e1" as 8 (issue 37), so `DELETE …/api_tokens/%201` revoked
 * token 1; here they are a 400 naming the field, as is anything past `integer`.
 */
export function pathId(description?: string) {
  const id = z.preprocess(
    (value) => (typeof value === 'string' && DIGITS.test(value) ? Number(value) : value),
    z.number({ error: PATH_ID_MESSAGE }).int().min(1).max(INT4_MAX),
  );
  return description ? id.describe(description) : id;
}
