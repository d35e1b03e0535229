import { z } from 'zod';
import { emailField } from './accounts';
import { pageOf } from './common';

/**
 * The record of impersonation links (spec §4, issue 37): who of staff made one for whom, when,
 * and whether and from where it was used. Read by staff only: `GET /api/v1/staff/impersonations/`
 * and `npm run admin -- list-impersonations`.
 */

export const IMPERSONATIONS_PAGE_DEFAULT = 50;
export const IMPERSONATIONS_PAGE_MAX = 200;

export const impersonationsQuery = z.object({
  staff: emailField.optional().describe('Only links made by the staff user with this email.'),
  customer: emailField.optional().describe('Only links to sign in as the user with this email.'),
  limit: z.coerce.number().int().min(1).max(IMPERSONATIONS_PAGE_MAX).default(IMPERSONATIONS_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});
export type ImpersonationsQuery = z.infer<typeof impersonationsQuery>;

const person = z.object({ id: z.number().int(), email: z.string() });

export const impersonationRecord = z.object({
  id: z.number().int(),
  staff: person.describe('The staff user who made the link.'),
  customer: person.describe('The user the link signs in as.'),
  issued_at: z.string(),
  expires_at: z.string(),
  used_at: z.string().nullable().describe('When the link was traded for a session; null: never used.'),
  used_from: z.string().nullable().describe('The address it was used from.'),
});
export type ImpersonationRecord = z.infer<typeof impersonationRecord>;

/** Newest first. */
export const impersonationList = pageOf(impersonationRecord);
export type ImpersonationList = z.infer<typeof impersonationList>;
