import { z } from 'zod';
import { pageOf } from './common';
import { edgeText, int4Id } from './edge-values';

/**
 * Incidents on a status page (issue 16): opened automatically when a monitor on the page goes down
 * (related monitors' downtimes grouped into one incident, `@paydar/domain/incident-grouping`) or by
 * the page's owner; updated with a state and a Markdown body; a resolved one may get a post-mortem.
 * Markdown is stored as written and rendered to sanitized HTML by the server (`*_html`), so a
 * visitor's browser never parses Markdown and never sees markup the sanitizer did not allow.
 */

export const INCIDENT_STATES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
export type IncidentState = (typeof INCIDENT_STATES)[number];
export const INCIDENT_ORIGINS = ['auto', 'manual'] as const;
export type IncidentOrigin = (typeof INCIDENT_ORIGINS)[number];

export const INCIDENT_TITLE_MAX_LENGTH = 200;
export const INCIDENT_BODY_MAX_LENGTH = 10_000;
export const INCIDENT_POSTMORTEM_MAX_LENGTH = 50_000;
/** Updates one incident may have. */
export const INCIDENT_UPDATES_MAX = 200;
/** Days of resolved incidents a public page lists. */
export const INCIDENT_HISTORY_DAYS = 90;

const markdown = (max: number) => edgeText(max);

/** `POST /api/v1/status_pages/{id}/incidents/`: an incident opened by hand, with its first update. */
export const incidentInput = z.object({
  title: edgeText(INCIDENT_TITLE_MAX_LENGTH).trim().min(1),
  state: z.enum(INCIDENT_STATES).default('investigating'),
  body: markdown(INCIDENT_BODY_MAX_LENGTH).trim().min(1).describe('Markdown; rendered sanitized.'),
  monitors: z
    .array(int4Id)
    .max(100)
    .default([])
    .describe('Ids of monitors on this page the incident affects (their public names are shown).'),
});
export type IncidentInput = z.infer<typeof incidentInput>;

/** `PATCH …/incidents/{incidentId}/`: the title, and a resolved incident's post-mortem (null removes it). */
export const incidentPatch = z
  .object({
    title: edgeText(INCIDENT_TITLE_MAX_LENGTH).trim().min(1).optional(),
    postmortem: markdown(INCIDENT_POSTMORTEM_MAX_LENGTH)
      .trim()
      .nullish()
      .describe('Markdown; only for a resolved incident; null or "" removes it.'),
  })
  .refine((value) => value.title !== undefined || value.postmortem !== undefined, 'Give a title or a postmortem.');
export type IncidentPatch = z.infer<typeof incidentPatch>;

/** `POST …/incidents/{incidentId}/updates/`: a new state with what is known. `resolved` closes the incident. */
export const incidentUpdateInput = z.object({
  state: z.enum(INCIDENT_STATES),
  body: markdown(INCIDENT_BODY_MAX_LENGTH).trim().min(1).describe('Markdown; rendered sanitized.'),
});
export type IncidentUpdateInput = z.infer<typeof incidentUpdateInput>;

export const incidentUpdate = z.object({
  id: z.number().int(),
  state: z.enum(INCIDENT_STATES),
  body: z.string().describe('Markdown as written.'),
  body_html: z.string().describe('The body rendered and sanitized.'),
  automatic: z.boolean().describe('Written by the service (an auto incident opening or resolving).'),
  created_at: z.string(),
});
export type IncidentUpdate = z.infer<typeof incidentUpdate>;

export const incidentMonitor = z.object({ monitor: z.number().int(), public_name: z.string() });

/** An incident as the page's owner reads it. */
export const incident = z.object({
  id: z.number().int(),
  status_page: z.number().int(),
  title: z.string(),
  origin: z.enum(INCIDENT_ORIGINS),
  state: z.enum(INCIDENT_STATES).describe('The latest update’s state.'),
  started_at: z.string(),
  resolved_at: z.string().nullable(),
  monitors: z.array(incidentMonitor),
  updates: z.array(incidentUpdate).describe('Newest first.'),
  postmortem: z.string().nullable(),
  postmortem_html: z.string().nullable(),
  created_at: z.string(),
});
export type Incident = z.infer<typeof incident>;
export const incidentList = pageOf(incident);
export type IncidentList = z.infer<typeof incidentList>;

/** An update as visitors read it: no Markdown source, no ids of the owner's monitors. */
export const publicIncidentUpdate = z.object({
  state: z.enum(INCIDENT_STATES),
  body_html: z.string(),
  created_at: z.string(),
});

/** An incident as visitors read it (`affected`: public names). */
export const publicIncident = z.object({
  id: z.number().int(),
  title: z.string(),
  state: z.enum(INCIDENT_STATES),
  started_at: z.string(),
  resolved_at: z.string().nullable(),
  affected: z.array(z.string()),
  updates: z.array(publicIncidentUpdate).describe('Newest first.'),
  postmortem_html: z.string().nullable(),
});
export type PublicIncident = z.infer<typeof publicIncident>;

/**
 * What the page's answer carries: the incidents not resolved, whole, and those resolved in the last
 * INCIDENT_HISTORY_DAYS days (newest first, updates left out: the incident's own page has them);
 * the web groups the history by the page's days.
 */
export const publicIncidentSummary = publicIncident.omit({ updates: true, postmortem_html: true }).extend({
  has_postmortem: z.boolean(),
});
export type PublicIncidentSummary = z.infer<typeof publicIncidentSummary>;

export const publicPageIncidents = z.object({
  active_incidents: z.array(publicIncident),
  incident_history: z.array(publicIncidentSummary),
});
