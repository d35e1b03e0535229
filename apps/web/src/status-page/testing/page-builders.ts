import type { PublicIncident, PublicIncidentSummary } from '@paydar/contracts/status-page-incidents';
import type { StatusPageDay } from '@paydar/contracts/status-pages';
import type { VisitorPage } from '../api/page-schema';

type PageMonitor = VisitorPage['sections'][number]['monitors'][number];

/** `count` days ending on `last` (YYYY-MM-DD), oldest first; `each` fills in a day's figures. */
export function buildDays(
  count: number,
  last = '2026-11-26',
  each: (index: number) => Partial<StatusPageDay> = () => ({}),
): StatusPageDay[] {
  const lastMs = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) => ({
    date: new Date(lastMs - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10),
    uptime_percent: 100,
    downtime_seconds: 0,
    ...each(index),
  }));
}

export function buildMonitor(fields: Partial<PageMonitor> = {}): PageMonitor {
  return { public_name: 'Website', target: null, status: 'up', days: buildDays(90), ...fields };
}

/** A visitor's page answer; incidents and maintenance left out unless given. */
export function buildPage(fields: Partial<VisitorPage> = {}): VisitorPage {
  return {
    slug: 'acme',
    title: 'Acme status',
    description: 'How our services are doing.',
    logo_url: null,
    language: 'en',
    time_zone: 'UTC',
    show_response_times: false,
    banner: 'operational',
    sections: [{ title: 'Core', monitors: [buildMonitor()] }],
    generated_at: '2026-11-26T10:00:00.000Z',
    ...fields,
  };
}

export function buildIncident(fields: Partial<PublicIncident> = {}): PublicIncident {
  return {
    id: 7,
    title: 'API errors',
    state: 'investigating',
    started_at: '2026-11-26T09:00:00.000Z',
    resolved_at: null,
    affected: ['Website'],
    updates: [
      {
        state: 'investigating',
        body_html: '<p>We are <strong>looking</strong> into it.</p>',
        created_at: '2026-11-26T09:05:00.000Z',
      },
    ],
    postmortem_html: null,
    ...fields,
  };
}

export function buildSummary(fields: Partial<PublicIncidentSummary> = {}): PublicIncidentSummary {
  return {
    id: 3,
    title: 'Slow checkout',
    state: 'resolved',
    started_at: '2026-11-20T12:00:00.000Z',
    resolved_at: '2026-11-20T13:00:00.000Z',
    affected: ['Website'],
    has_postmortem: false,
    ...fields,
  };
}

/** A JSON answer as fetch gives it. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 304 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export interface SeenCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Replaces fetch with `answer`, recording every call (headers lower-cased). */
export function fakeFetch(answer: (call: SeenCall) => Response | Promise<Response>): SeenCall[] {
  const calls: SeenCall[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries((init.headers ?? {}) as Record<string, string>))
      headers[key.toLowerCase()] = value;
    const call = {
      url: String(input),
      method: init.method ?? 'GET',
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return answer(call);
  }) as typeof fetch;
  return calls;
}
