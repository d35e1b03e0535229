import { pathId } from '@paydar/contracts/path-ids';
import { z } from 'zod';

/** Paths and queries of the incident routes; bodies are in @paydar/contracts/status-page-incidents. */
const id = pathId;

export const incidentsParams = z.object({ id: id('The page’s id.') });
export const incidentParams = z.object({ id: id('The page’s id.'), incidentId: id('The incident’s id.') });

export const INCIDENTS_LIMIT_MAX = 100;
export const incidentsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(INCIDENTS_LIMIT_MAX).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});
export type IncidentsQuery = z.infer<typeof incidentsQuery>;
