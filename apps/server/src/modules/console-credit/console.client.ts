import type { Config } from '../../config';

/**
 * Why a console call failed: its answer (`not-found` 404, `refused` 400, `unauthorized` 401,
 * `forbidden` 403, `conflict` 409 an idempotency key reused with another body, `failed` any other
 * status) or no usable answer (`timeout`, `network`, `bad-response`).
 */
export type ConsoleErrorKind =
  | 'not-found'
  | 'refused'
  | 'unauthorized'
  | 'forbidden'
  | 'conflict'
  | 'failed'
  | 'timeout'
  | 'network'
  | 'bad-response';

export class ConsoleError extends Error {
  override name = 'ConsoleError';

  constructor(
    readonly kind: ConsoleErrorKind,
    /** The console's HTTP status when it answered. */
    readonly status: number | undefined,
    /** The console's `detail`, when it gave one (the web looks for 'organization' in a 400's). */
    readonly detail: string | undefined,
  ) {
    super(`hosting console: ${kind}${status ? ` (HTTP ${status})` : ''}${detail ? `: ${detail}` : ''}`);
  }
}

export interface CreditTransfer {
  email: string;
  /** Integer Tomans. */
  amount: number;
  description: string;
  /** The console moves the credit once per key: a retry with the same key returns the first transfer. */
  idempotencyKey: string;
}

/** The one place that talks to the hosting console's API (README.md describes it). */
export interface ConsoleClient {
  hasOrganization(email: string): Promise<boolean>;
  transferCredit(transfer: CreditTransfer): Promise<{ transferId: string }>;
  /** The transfer made under this key, or null when the console never made one. */
  findTransfer(idempotencyKey: string): Promise<{ transferId: string; amount: number } | null>;
}

const KIND_BY_STATUS: Record<number, ConsoleErrorKind> = {
  400: 'refused',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
};

function transferIdOf(answer: Record<string, unknown>): string {
  const id = answer.transfer_id;
  if ((typeof id !== 'string' && typeof id !== 'number') || id === '') {
    throw new ConsoleError('bad-response', 200, undefined);
  }
  return String(id);
}

export function createConsoleClient(options: { baseUrl: string; apiKey: string; timeoutMs?: number }): ConsoleClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call(path: string, init: { method: 'GET' | 'POST'; body?: object }): Promise<Record<string, unknown>> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base}${path}`, {
        method: init.method,
        headers: {
          // The key travels in a header only, never in a URL that could reach a log.
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/json',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(init.body ? { body: JSON.stringify(init.body) } : {}),
        signal: timeout,
        redirect: 'error',
      });
      text = await response.text();
    } catch {
      throw new ConsoleError(timeout.aborted ? 'timeout' : 'network', undefined, undefined);
    }
    let parsed: Record<string, unknown> | undefined;
    try {
      const value: unknown = JSON.parse(text);
      parsed =
        value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
    } catch {
      parsed = undefined;
    }
    if (response.ok) {
      if (!parsed) throw new ConsoleError('bad-response', response.status, undefined);
      return parsed;
    }
    const detail = typeof parsed?.detail === 'string' && parsed.detail ? parsed.detail.slice(0, 500) : undefined;
    throw new ConsoleError(KIND_BY_STATUS[response.status] ?? 'failed', response.status, detail);
  }

  return {
    async hasOrganization(email) {
      const answer = await call(`/v1/organizations/by-email?${new URLSearchParams({ email })}`, { method: 'GET' });
      if (typeof answer.has_organization !== 'boolean') throw new ConsoleError('bad-response', 200, undefined);
      return answer.has_organization;
    },
    async transferCredit(transfer) {
      const answer = await call('/v1/credit-transfers', {
        method: 'POST',
        body: {
          email: transfer.email,
          amount: transfer.amount,
          description: transfer.description,
          idempotency_key: transfer.idempotencyKey,
        },
      });
      return { transferId: transferIdOf(answer) };
    },
    async findTransfer(idempotencyKey) {
      try {
        const answer = await call(`/v1/credit-transfers/${encodeURIComponent(idempotencyKey)}`, { method: 'GET' });
        if (typeof answer.amount !== 'number') throw new ConsoleError('bad-response', 200, undefined);
        return { transferId: transferIdOf(answer), amount: answer.amount };
      } catch (error) {
        if (error instanceof ConsoleError && error.kind === 'not-found') return null;
        throw error;
      }
    },
  };
}

/** The client for this deployment, or undefined when the console is not configured (console credit off). */
export function consoleClientFrom(config: Config): ConsoleClient | undefined {
  return config.CONSOLE_API_URL && config.CONSOLE_API_KEY
    ? createConsoleClient({ baseUrl: config.CONSOLE_API_URL, apiKey: config.CONSOLE_API_KEY })
    : undefined;
}
