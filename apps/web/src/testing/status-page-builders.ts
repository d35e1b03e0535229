import type { Incident, IncidentUpdate } from '@paydar/contracts/status-page-incidents';
import type { StatusPageSubscriber } from '@paydar/contracts/status-page-subscribers';
import type { StatusPage } from '@paydar/contracts/status-pages';
import { stubFetch } from './test-utils';

/** Test data for the status-page screens (issue 16). */

// jsdom has no scrollIntoView, which a Select's option list calls on the selected option.
Element.prototype.scrollIntoView ??= () => {};

export function buildStatusPage(overrides: Partial<StatusPage> = {}): StatusPage {
  return {
    id: 1,
    slug: 'acme',
    title: 'Acme status',
    description: '',
    logo_url: null,
    language: 'en',
    time_zone: 'UTC',
    show_response_times: false,
    custom_domain: null,
    protected: false,
    sections: [{ title: 'Web', monitors: [{ monitor: 7, public_name: 'Shop', show_target: false }] }],
    created_at: '2026-11-20T00:00:00.000Z',
    updated_at: '2026-11-20T00:00:00.000Z',
    ...overrides,
  };
}

export function buildIncidentUpdate(overrides: Partial<IncidentUpdate> = {}): IncidentUpdate {
  return {
    id: 1,
    state: 'investigating',
    body: 'Looking into it.',
    body_html: '<p>Looking into it.</p>',
    automatic: false,
    created_at: '2026-11-26T06:00:00.000Z',
    ...overrides,
  };
}

export function buildIncident(overrides: Partial<Incident> = {}): Incident {
  return {
    id: 1,
    status_page: 1,
    title: 'Checkout is slow',
    origin: 'manual',
    state: 'investigating',
    started_at: '2026-11-26T06:00:00.000Z',
    resolved_at: null,
    monitors: [{ monitor: 7, public_name: 'Shop' }],
    updates: [buildIncidentUpdate()],
    postmortem: null,
    postmortem_html: null,
    created_at: '2026-11-26T06:00:00.000Z',
    ...overrides,
  };
}

export function buildSubscriber(overrides: Partial<StatusPageSubscriber> = {}): StatusPageSubscriber {
  return {
    id: 1,
    email: 'reader@example.test',
    confirmed: true,
    created_at: '2026-11-20T00:00:00.000Z',
    confirmed_at: '2026-11-20T01:00:00.000Z',
    ...overrides,
  };
}

export const pageOf = <T>(results: T[], more: { next?: string | null; previous?: string | null } = {}) => ({
  count: results.length,
  next: more.next ?? null,
  previous: more.previous ?? null,
  results,
});

/** A page of the owner's subscriber list; the totals counted from `results` unless given. */
export const subscriberPageOf = (
  results: StatusPageSubscriber[],
  more: { count?: number; next?: string | null; confirmed_count?: number; waiting_count?: number } = {},
) => ({
  ...pageOf(results, more),
  count: more.count ?? results.length,
  confirmed_count: more.confirmed_count ?? results.filter((row) => row.confirmed).length,
  waiting_count: more.waiting_count ?? results.filter((row) => !row.confirmed).length,
});

export type ApiCall = { method: string; path: string; search: string; body: unknown };
export type Answer = { status?: number; body?: unknown };

/**
 * A fetch stub for the screens: each call is recorded; `answer` gives the reply (undefined: 200
 * with no body). Returns the recorded calls.
 */
export function stubStatusPageApi(answer: (call: ApiCall) => Answer | undefined): ApiCall[] {
  const calls: ApiCall[] = [];
  stubFetch((url, init) => {
    const parsed = new URL(url);
    const call = {
      method: init.method ?? 'GET',
      path: parsed.pathname,
      search: parsed.search,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    return answer(call) ?? { status: 200 };
  });
  return calls;
}
