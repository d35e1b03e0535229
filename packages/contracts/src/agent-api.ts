import { z } from 'zod';
import { checkResult, checkSpec } from './agent';
import { INT4_MAX } from './edge-values';

/** Results are sent in batches of at most this many. */
export const MAX_RESULTS_PER_BATCH = 2_000;

export const assignmentsQuery = z.object({
  /** The version the agent has; 0 for none. One bump per change: int4 lasts decades past any real count. */
  version: z.coerce.number().int().min(0).max(INT4_MAX).default(0),
  /** Seconds to hold the request open while nothing changes. */
  wait: z.coerce.number().int().min(0).max(60).default(25),
});
export const assignmentsResponse = z.object({ version: z.number().int(), monitors: z.array(checkSpec) });
export type AssignmentsResponse = z.infer<typeof assignmentsResponse>;
export const resultsBody = z.object({ results: z.array(checkResult).max(MAX_RESULTS_PER_BATCH) });
export const resultsResponse = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.number().int(),
});
export type ResultsResponse = z.infer<typeof resultsResponse>;
