import { BADGE_PERIODS, type BadgePeriod } from '@paydar/domain/badge-periods';
import { z } from 'zod';

/** Request schemas of the badge calls (README.md). */

export { BADGE_PERIODS, type BadgePeriod };

/** The left text is the embedder's, shown as text: short enough that a badge stays a badge. */
export const BADGE_LABEL_MAX = 40;

/** A share token as it appears in a link; an unknown one is a 404, not a 400. */
export const badgeParams = z.object({ token: z.string().min(1).max(200) });

const style = z.enum(['flat', 'flat-square']).default('flat').describe('The badge look (shields.io styles).');
const label = z
  .string()
  .min(1)
  .max(BADGE_LABEL_MAX)
  .optional()
  .describe(`The left text instead of the default; at most ${BADGE_LABEL_MAX} characters, shown escaped.`);

export const statusBadgeQuery = z.object({ label, style });

export const periodBadgeQuery = z.object({
  label,
  style,
  period: z
    .enum(Object.keys(BADGE_PERIODS) as [BadgePeriod, ...BadgePeriod[]])
    .default('24h')
    .describe('The window ending now the figure is computed over.'),
});

export type StatusBadgeQuery = z.infer<typeof statusBadgeQuery>;
export type PeriodBadgeQuery = z.infer<typeof periodBadgeQuery>;
