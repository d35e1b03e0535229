/** The server refuses this prober for good (unknown key, disabled prober): retrying cannot help, the agent stops. */
export class AgentFatalError extends Error {
  override readonly name = 'AgentFatalError';
}

/**
 * The server refuses a batch as it is — too large for its body limit, or not valid — while a
 * smaller one may pass. The reporter halves the batch until the one result at fault is isolated.
 */
export class BatchRefusedError extends Error {
  override readonly name = 'BatchRefusedError';
  constructor(
    message: string,
    readonly reason: 'too-large' | 'invalid',
  ) {
    super(message);
  }
}

/** A short text for a log line: the message and, for fetch's "fetch failed", the cause's code. */
export function describeFailure(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause as { code?: string; message?: string } | undefined;
  const detail = cause?.code ?? cause?.message;
  return detail && !err.message.includes(detail) ? `${err.message}: ${detail}` : err.message;
}
