import { type CheckResult, checkResult } from '@paydar/contracts/agent';
import type { ResultRefusal } from '@paydar/contracts/agent-api';

export interface ValidatedResults {
  /** The results that keep to the contract, with their place in the batch. */
  valid: Array<{ index: number; result: CheckResult }>;
  refusals: ResultRefusal[];
}

/**
 * Parses each result of a batch on its own (CONVENTIONS.md §13): one result out of range or
 * holding unsafe text is refused, naming its first field at fault, and the others go on.
 */
export function validateResults(items: readonly unknown[]): ValidatedResults {
  const valid: ValidatedResults['valid'] = [];
  const refusals: ResultRefusal[] = [];
  items.forEach((item, index) => {
    const parsed = checkResult.safeParse(item);
    if (parsed.success) {
      valid.push({ index, result: parsed.data });
      return;
    }
    const [issue] = parsed.error.issues;
    refusals.push({
      index,
      field: issue?.path.map(String).join('.') || 'non_field_errors',
      message: issue?.message ?? 'Invalid result.',
    });
  });
  return { valid, refusals };
}
