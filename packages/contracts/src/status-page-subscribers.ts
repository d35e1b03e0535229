import { z } from 'zod';
import { pageOf } from './common';

/**
 * Subscribers of a status page (issue 16): visitors who asked by email to hear of the page's
 * incidents and maintenance. Double opt-in: nothing is sent but the confirmation mail until its
 * link is followed; every mail carries an unsubscribe link. One mail per update per confirmed
 * subscriber, through the mail queue.
 */

export const STATUS_PAGE_SUBSCRIBER_EMAIL_MAX_LENGTH = 254;
/** A plan written before subscribers existed allows this many per page. */
export const DEFAULT_STATUS_PAGE_SUBSCRIBER_LIMIT = 100;
/** How long a confirmation link works. */
export const SUBSCRIPTION_CONFIRM_HOURS = 48;

/** `POST /api/v1/public/status_pages/{slug}/subscribers` (or `/api/v1/public/status_page/subscribers` by Host). */
export const statusPageSubscribeInput = z.object({
  email: z.email().max(STATUS_PAGE_SUBSCRIBER_EMAIL_MAX_LENGTH),
});

/** The same answer whether the address was new, waiting or already confirmed: nothing about others leaks. */
export const statusPageSubscribeAnswer = z.object({
  detail: z.string().describe('“Check your inbox to confirm.”, in the page’s language.'),
});

/** `POST /api/v1/public/status_page_subscriptions/confirm` and `…/unsubscribe`: the token from the mail's link. */
export const statusPageSubscriptionTokenInput = z.object({ token: z.string().min(1).max(512) });
export const statusPageSubscriptionAnswer = z.object({
  page_title: z.string(),
  page_url: z.string().describe('Where the page is read (its custom domain when it has one).'),
  state: z.enum(['confirmed', 'unsubscribed']),
});

/** A subscriber as the page's owner reads it (`GET /api/v1/status_pages/{id}/subscribers/`). */
export const statusPageSubscriber = z.object({
  id: z.number().int(),
  email: z.string(),
  confirmed: z.boolean(),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
});
export type StatusPageSubscriber = z.infer<typeof statusPageSubscriber>;
/** The owner's list: one page of it (`count` the matching total), and the page's totals whatever the filter. */
export const statusPageSubscriberList = pageOf(statusPageSubscriber).extend({
  confirmed_count: z.number().int().describe('Confirmed subscribers of the page (not narrowed by search or state).'),
  waiting_count: z
    .number()
    .int()
    .describe('Subscribers waiting to confirm, whose link still works (not narrowed by search or state).'),
});
export type StatusPageSubscriberList = z.infer<typeof statusPageSubscriberList>;
/** Rows per page of the owner's list: at most, and when the call names none. */
export const SUBSCRIBERS_PAGE_MAX = 100;
export const SUBSCRIBERS_PAGE_DEFAULT = 50;
/** A search is part of an address: no longer than one. */
export const SUBSCRIBER_SEARCH_MAX_LENGTH = STATUS_PAGE_SUBSCRIBER_EMAIL_MAX_LENGTH;
export const SUBSCRIBER_STATES = ['confirmed', 'waiting'] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];

/** A maintenance window of the page's monitors as visitors read it. */
export const publicMaintenance = z.object({
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  affected: z.array(z.string()).describe('Public names of the page’s monitors it covers.'),
});
export type PublicMaintenance = z.infer<typeof publicMaintenance>;

/**
 * What the page's answer carries of maintenance: occurrences going on now (the banner says
 * maintenance while one covers a monitor) and those starting within the next 14 days, soonest first.
 */
export const STATUS_PAGE_MAINTENANCE_AHEAD_DAYS = 14;
export const publicPageMaintenance = z.object({
  maintenance_now: z.array(publicMaintenance),
  maintenance_scheduled: z.array(publicMaintenance),
});
