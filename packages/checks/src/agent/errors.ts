/** The server refuses this prober for good (unknown key, disabled prober): retrying cannot help, the agent stops. */
export class AgentFatalError extends Error {
  override readonly name = 'AgentFatalError';
}

/**
 * The server refuses a batch as it is. 'too-large' (over its body limit): a smaller one may pass,
 * so the reporter halves the batch. 'invalid' (a 400; the server refuses bad results one by one,
 * so this is a batch it cannot read at all): sending it again cannot help, so it is dropped.
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
