import { z } from 'zod';
import { pageOf } from './common';
import { edgeText, int4Id } from './edge-values';
import { isTimeZone } from './maintenance';
import { publicPageIncidents } from './status-page-incidents';
import { publicPageMaintenance } from './status-page-subscribers';

/**
 * Status pages (issue 16): a user's public page at `{dashboard}/status/{slug}` (or on a custom
 * domain) showing sections of their monitors under public names. Incidents and subscribers will
 * reference a page by its id.
 */

export const STATUS_PAGE_SLUG_MIN_LENGTH = 3;
export const STATUS_PAGE_SLUG_MAX_LENGTH = 48;
export const STATUS_PAGE_TITLE_MAX_LENGTH = 100;
export const STATUS_PAGE_DESCRIPTION_MAX_LENGTH = 1_000;
export const STATUS_PAGE_LOGO_URL_MAX_LENGTH = 2_000;
export const STATUS_PAGE_SECTION_TITLE_MAX_LENGTH = 100;
export const STATUS_PAGE_PUBLIC_NAME_MAX_LENGTH = 100;
export const STATUS_PAGE_PASSWORD_MIN_LENGTH = 8;
export const STATUS_PAGE_PASSWORD_MAX_LENGTH = 128;
/** A host name is at most 253 characters (RFC 1035). */
export const STATUS_PAGE_DOMAIN_MAX_LENGTH = 253;
export const STATUS_PAGE_SECTIONS_MAX = 20;
export const STATUS_PAGE_MONITORS_MAX = 100;
/** A plan written before status pages existed allows this many. */
export const DEFAULT_STATUS_PAGE_LIMIT = 1;

/** Slugs that name our own paths or would confuse visitors. */
export const RESERVED_STATUS_PAGE_SLUGS: ReadonlySet<string> = new Set([
  'api',
  'admin',
  'status',
  'static',
  'assets',
  'login',
  'logout',
  'signup',
  'register',
  'dashboard',
  'settings',
  'account',
  'billing',
  'help',
  'support',
  'docs',
  'www',
  'mail',
  'public',
  'new',
  'edit',
  'unlock',
  'config',
]);

export const STATUS_PAGE_LANGUAGES = ['en', 'fa'] as const;
export type StatusPageLanguage = (typeof STATUS_PAGE_LANGUAGES)[number];

/** The zone a page's days are cut in when none is given. */
export function defaultStatusPageTimeZone(language: StatusPageLanguage): string {
  return language === 'fa' ? 'Asia/Tehran' : 'UTC';
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Lowercase labels of letters, digits and inner hyphens, at least two labels, the last not all digits. */
const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Whether `host` can be a page's custom domain (lowercase labels, at least two). */
export const isStatusPageHostName = (host: string): boolean => HOST_NAME.test(host);

const text = (max: number) => edgeText(max);

export const statusPageMonitorInput = z.object({
  monitor: int4Id.describe('Id of one of the caller’s monitors.'),
  public_name: text(STATUS_PAGE_PUBLIC_NAME_MAX_LENGTH)
    .trim()
    .min(1)
    .describe('What visitors see instead of the monitor’s name; 1–100 characters, shown as plain text.'),
  show_target: z.boolean().default(false).describe('Show the monitor’s URL or host to visitors.'),
});
export type StatusPageMonitorInput = z.infer<typeof statusPageMonitorInput>;

export const statusPageSectionInput = z.object({
  title: text(STATUS_PAGE_SECTION_TITLE_MAX_LENGTH)
    .trim()
    .default('')
    .describe('At most 100 characters; may be empty.'),
  monitors: z.array(statusPageMonitorInput).max(STATUS_PAGE_MONITORS_MAX).default([]),
});

/** A create or a full replace (PUT) body. */
export const statusPageInput = z
  .object({
    slug: z
      .string()
      .min(STATUS_PAGE_SLUG_MIN_LENGTH)
      .max(STATUS_PAGE_SLUG_MAX_LENGTH)
      .regex(SLUG, 'Use lowercase letters, digits and single hyphens between them.')
      .refine((slug) => !RESERVED_STATUS_PAGE_SLUGS.has(slug), 'This address is reserved.')
      .describe('The page’s address, `{dashboard}/status/{slug}`: 3–48 lowercase letters, digits and hyphens.'),
    title: text(STATUS_PAGE_TITLE_MAX_LENGTH).trim().min(1),
    description: text(STATUS_PAGE_DESCRIPTION_MAX_LENGTH).default('').describe('Plain text, at most 1,000 characters.'),
    logo_url: z
      .url({ protocol: /^https$/, error: 'Give an https URL.' })
      .max(STATUS_PAGE_LOGO_URL_MAX_LENGTH)
      .nullish()
      .describe('An https URL of the logo, at most 2,000 characters.'),
    language: z.enum(STATUS_PAGE_LANGUAGES).default('en'),
    time_zone: z
      .string()
      .max(64)
      .refine(isTimeZone, 'Not a known IANA time zone.')
      .nullish()
      .describe('IANA zone the daily bars are cut in; default Asia/Tehran for `fa` pages, UTC otherwise.'),
    show_response_times: z.boolean().default(false),
    custom_domain: z
      .string()
      .max(STATUS_PAGE_DOMAIN_MAX_LENGTH)
      .regex(HOST_NAME, 'Give a lowercase host name such as status.example.com.')
      .nullish()
      .describe('A host name whose CNAME points at us; the page is answered there too.'),
    password: z
      .string()
      .max(STATUS_PAGE_PASSWORD_MAX_LENGTH)
      .superRefine((value, context) => {
        if (value.length > 0 && value.length < STATUS_PAGE_PASSWORD_MIN_LENGTH)
          context.addIssue({ code: 'custom', message: `At least ${STATUS_PAGE_PASSWORD_MIN_LENGTH} characters.` });
        if (value.includes('\u0000')) context.addIssue({ code: 'custom', message: 'Must not contain NUL characters.' });
      })
      .nullish()
      .describe('Set to protect the page; `""` or null removes the protection; left out, a PUT keeps the current one.'),
    sections: z.array(statusPageSectionInput).max(STATUS_PAGE_SECTIONS_MAX).default([]),
  })
  .superRefine((value, context) => {
    const seen = new Set<number>();
    value.sections.forEach((section, s) => {
      section.monitors.forEach((entry, m) => {
        if (seen.has(entry.monitor))
          context.addIssue({
            code: 'custom',
            path: ['sections', s, 'monitors', m, 'monitor'],
            message: 'This monitor is already on the page.',
          });
        seen.add(entry.monitor);
      });
    });
  });
export type StatusPageInput = z.infer<typeof statusPageInput>;

export const statusPageMonitor = z.object({
  monitor: z.number().int(),
  public_name: z.string(),
  show_target: z.boolean(),
});

export const statusPageSection = z.object({
  title: z.string(),
  monitors: z.array(statusPageMonitor),
});

/** A page as its owner reads it. */
export const statusPage = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  logo_url: z.string().nullable(),
  language: z.enum(STATUS_PAGE_LANGUAGES),
  time_zone: z.string(),
  show_response_times: z.boolean(),
  custom_domain: z.string().nullable(),
  protected: z.boolean().describe('A password is set.'),
  sections: z.array(statusPageSection),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StatusPage = z.infer<typeof statusPage>;

export const statusPageList = pageOf(statusPage);
export type StatusPageList = z.infer<typeof statusPageList>;

export const STATUS_PAGE_BANNERS = ['operational', 'degraded', 'outage', 'maintenance'] as const;
export type StatusPageBanner = (typeof STATUS_PAGE_BANNERS)[number];
export const PUBLIC_MONITOR_STATUSES = ['up', 'down', 'maintenance', 'paused', 'no data'] as const;
export type PublicMonitorStatus = (typeof PUBLIC_MONITOR_STATUSES)[number];
/** Days of bars a public page shows. */
export const STATUS_PAGE_DAYS = 90;

export const statusPageDay = z.object({
  date: z.string().describe('The day in the page’s zone, YYYY-MM-DD.'),
  uptime_percent: z.number().nullable().describe('null before the first check, or when nothing was observed.'),
  downtime_seconds: z.number().int(),
  average_response_time: z
    .number()
    .nullable()
    .optional()
    .describe('Milliseconds, successful checks; only when the page shows response times.'),
});
export type StatusPageDay = z.infer<typeof statusPageDay>;

export const publicStatusPageMonitor = z.object({
  public_name: z.string(),
  target: z.string().nullable().describe('The URL or host, only when the owner allows it.'),
  status: z.enum(PUBLIC_MONITOR_STATUSES),
  days: z.array(statusPageDay).describe('90 days, oldest first, the last one today.'),
});
export type PublicStatusPageMonitor = z.infer<typeof publicStatusPageMonitor>;

/** What a visitor reads: no ids of the owner's monitors, no targets unless allowed. */
export const publicStatusPage = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  logo_url: z.string().nullable(),
  language: z.enum(STATUS_PAGE_LANGUAGES),
  time_zone: z.string(),
  show_response_times: z.boolean(),
  banner: z.enum(STATUS_PAGE_BANNERS),
  sections: z.array(z.object({ title: z.string(), monitors: z.array(publicStatusPageMonitor) })),
  ...publicPageIncidents.shape,
  ...publicPageMaintenance.shape,
  generated_at: z.string(),
});
export type PublicStatusPage = z.infer<typeof publicStatusPage>;

export const statusPageUnlockInput = z.object({
  password: z.string().min(1).max(STATUS_PAGE_PASSWORD_MAX_LENGTH),
});

export const statusPageUnlock = z.object({
  token: z.string().describe('Send it back as the X-Status-Page-Token header.'),
  expires_at: z.string(),
});
