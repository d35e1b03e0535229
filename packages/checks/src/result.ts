import { type CheckResult, RESULT_LIMITS } from '@paydar/contracts/agent';
import { cleanText } from '@paydar/contracts/edge-values';

/**
 * What a check reports comes in part from the target — a DNS answer, a certificate's names, an
 * HTTP reason phrase, ping's output — and the target may be anyone's. Every result passes here
 * before it leaves the check, so what reaches the server keeps to the agent API's rule
 * (RESULT_LIMITS, CONVENTIONS.md §13) whatever the target sent: control characters and NUL
 * removed, lone surrogates replaced, strings and arrays bounded, numbers finite.
 */
export function finalizeResult(result: CheckResult): CheckResult {
  const status = result.status_code;
  const { min, max } = RESULT_LIMITS.statusCode;
  return {
    ...result,
    status_code: status !== null && Number.isInteger(status) && status >= min && status <= max ? status : null,
    error: result.error === null ? null : cleanText(result.error, RESULT_LIMITS.errorLength),
    phases: {
      resolve: phaseOrNull(result.phases.resolve),
      connect: phaseOrNull(result.phases.connect),
      tls: phaseOrNull(result.phases.tls),
      response: phaseOrNull(result.phases.response),
      duration: phaseOrNull(result.phases.duration) ?? 0,
    },
    extra_info: boundedExtraInfo(result.extra_info),
  };
}

function phaseOrNull(ms: number | null): number | null {
  if (ms === null || !Number.isFinite(ms)) return null;
  return Math.min(Math.max(ms, 0), RESULT_LIMITS.phaseMs);
}

/**
 * Cleaned with the full text bound first; should the whole still be too large (a hundred long
 * DNS answers), with shorter strings, rather than refusing the slot.
 */
function boundedExtraInfo(extra: Record<string, unknown>): Record<string, unknown> {
  for (const textLength of [RESULT_LIMITS.textLength, 256, 64]) {
    const cleaned = cleanValue(extra, textLength, 0) as Record<string, unknown>;
    if (JSON.stringify(cleaned).length <= RESULT_LIMITS.extraInfoLength) return cleaned;
  }
  return { truncated: 'the details were too large to keep' };
}

/** Our own extra_info is three levels deep; anything deeper is not kept. */
const MAX_DEPTH = 8;

/** A JSON-safe copy: strings cleaned and cut, arrays cut, non-finite numbers and non-JSON values null. */
function cleanValue(value: unknown, textLength: number, depth: number): unknown {
  if (typeof value === 'string') return cleanText(value, textLength);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean' || value === null) return value;
  if (typeof value !== 'object' || depth >= MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    return value.slice(0, RESULT_LIMITS.arrayLength).map((item) => cleanValue(item, textLength, depth + 1));
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    out[cleanText(key, 64)] = cleanValue(item, textLength, depth + 1);
  }
  return out;
}
