import { z } from 'zod';
import { checkResult, checkSpec } from './agent';
import { INT4_MAX } from './edge-values';

/** Epoch milliseconds up to the year 5000: beyond any clock's honest reading. */
const MAX_EPOCH_MS = 95_617_584_000_000;

/** Results are sent in batches of at most this many. */
export const MAX_RESULTS_PER_BATCH = 2_000;

export const assignmentsQuery = z.object({
  /** The version the agent has; 0 for none. One bump per change: int4 lasts decades past any real count. */
  version: z.coerce.number().int().min(0).max(INT4_MAX).default(0),
  /** Seconds to hold the request open while nothing changes. */
  wait: z.coerce.number().int().min(0).max(60).default(25),
  /**
   * Sent by agents that answer confirmation rounds: the latest `requested_at` they have seen
   * (epoch ms; 0 for none). The poll then also answers as soon as a newer round opens. Agents
   * that do not send it get the assignments alone, as before.
   */
  recheck_after: z.coerce
    .number()
    .min(0)
    .max(MAX_EPOCH_MS)
    // Epoch ms beyond int4, so not an integer schema; a fraction is cut (the database reads whole ms).
    .transform(Math.trunc)
    .optional(),
});

/** Re-check this monitor now, outside its slot: a confirmation round asks every prober of it. */
export const recheck = z.object({
  monitor_id: z.number().int(),
  /** When the round opened, epoch ms: the agent's next `recheck_after`. */
  requested_at: z.number(),
});
export type Recheck = z.infer<typeof recheck>;

/** A prober's whole assignment set at one version (also what the standalone agent saves on disk). */
export const assignmentSet = z.object({ version: z.number().int(), monitors: z.array(checkSpec) });

export const assignmentsResponse = z.object({
  version: z.number().int(),
  /** The whole set; absent when only rechecks are answered (the agent's version is current). */
  monitors: z.array(checkSpec).optional(),
  /** Open confirmation rounds newer than `recheck_after`; only for agents that sent it. */
  rechecks: z.array(recheck).optional(),
});
export type AssignmentsResponse = z.infer<typeof assignmentsResponse>;
/** How many refusals an answer lists; `refused` counts them all. */
export const MAX_LISTED_REFUSALS = 10;

// The items are checkResults, documented as such; the server parses each on its own so that one
// bad result is refused alone instead of failing the whole batch (CONVENTIONS.md §13).
const { $schema: _, ...checkResultDocument } = z.toJSONSchema(checkResult, { io: 'input', unrepresentable: 'any' });
export const resultsBody = z.object({
  results: z
    .array(z.unknown().meta({ ...checkResultDocument, description: 'A check result; each is validated on its own.' }))
    .max(MAX_RESULTS_PER_BATCH),
});

/** A result the server refused as invalid: its place in the batch and the first field at fault. */
export const resultRefusal = z.object({ index: z.number().int(), field: z.string(), message: z.string() });
export type ResultRefusal = z.infer<typeof resultRefusal>;

export const resultsResponse = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  /** Valid results not stored: the monitor is not assigned to this prober, or the time is too far off. */
  rejected: z.number().int(),
  /** Invalid results (out of range, unsafe text): refused one by one while the rest are stored. */
  refused: z.number().int(),
  /** The first MAX_LISTED_REFUSALS of them, for the agent's log. */
  refusals: z.array(resultRefusal),
});
export type ResultsResponse = z.infer<typeof resultsResponse>;
