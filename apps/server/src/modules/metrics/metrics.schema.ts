import { RAW_WINDOW_MAX_HOURS, SHARE_TOKEN_LENGTH } from '@paydar/contracts/metrics';
import { pathId } from '@paydar/contracts/path-ids';
import { timeZoneField } from '@paydar/contracts/time-zones';
import { MAX_HEAT_MAP_MONTHS } from '@paydar/domain/heat-map';
import { z } from 'zod';

/** Request schemas of the metric calls; the responses are in @paydar/contracts/metrics. */

export const monitorIdParams = z.object({ id: pathId() });

/** A share token as it appears in a link; an unknown one is a 404, not a 400. */
const shareToken = z.string().min(1).max(200);

export const shareTokenParams = z.object({ token: shareToken });

export const customShareParams = z.object({
  /** Free text: the owner's organization, or 'symlink'. It does not take part in finding the monitor. */
  prefix: z.string().min(1).max(100),
  /** The share token; only its first SHARE_TOKEN_LENGTH characters count. */
  id: shareToken.describe(`The share token; only its first ${SHARE_TOKEN_LENGTH} characters identify the monitor.`),
});

export const metricQuery = z.object({
  /**
   * 'False' asks for fresh figures. An answer is kept only under the version of the data it was
   * computed from, so both forms get the same, current figures; the parameter is accepted for the web's sake.
   */
  cache: z
    .enum(['True', 'False', 'true', 'false', '1', '0'])
    .optional()
    .describe('Accepted for compatibility: every answer reflects the latest check.'),
  /** yyyy-MM-d (or zero-padded); checked against the plan's history by the service. */
  day: z
    .string()
    .max(20)
    .optional()
    .describe("A day, yyyy-MM-d, in time_zone's calendar (a UTC day without one); today when absent."),
  /** Whose days: the reader's zone (issue 15), so today and a chosen day span their local day. */
  time_zone: timeZoneField
    .optional()
    .describe(
      "Days are this IANA zone's days (the reader's profile zone): today, a chosen day, the plan's history and monthly_metrics' keys; UTC days when absent.",
    ),
  months: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_HEAT_MAP_MONTHS)
    .default(MAX_HEAT_MAP_MONTHS)
    .describe('How many months of monthly_metrics, 1..6.'),
});
export type MetricQuery = z.infer<typeof metricQuery>;

/** share_info is today's figures only: it takes the reader's zone (a shared page's visitor has no profile). */
export const shareInfoQuery = metricQuery.pick({ time_zone: true });
export type ShareInfoQuery = z.infer<typeof shareInfoQuery>;

/** The trends call takes the day and, for today, the reader's zone: its windows end with the day. */
export const trendsQuery = metricQuery.pick({ day: true, time_zone: true });

/** ISO 8601 with an offset or 'Z'; without one the time is read as UTC, whatever the server's zone. */
const isoInstant = z
  .string()
  .max(40)
  .refine((text) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i.test(text), {
    message: 'Enter an ISO 8601 date and time, such as 2024-03-05T10:00:00Z.',
  })
  .transform((text) => (/(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`))
  .transform((text) => new Date(text))
  .refine((date) => !Number.isNaN(date.getTime()), { message: 'This is not a real date and time.' });

export const rawQuery = z.object({
  from_time: isoInstant,
  to_time: isoInstant.describe(`After from_time, at most ${RAW_WINDOW_MAX_HOURS} hours later.`),
});
export type RawQuery = z.infer<typeof rawQuery>;
