import { IN_PROCESS_WAIT_MS } from '../loaded-machine';
import { listenLoopback, readBody, sendJson, sleep, Waiters } from './http-fake';

/** A console account, found by its email. */
export interface FakeConsoleAccount {
  email: string;
  /** Linked to an organization: only then can its credit move. */
  hasOrganization: boolean;
  /** Console credit in Tomans. */
  credit: number;
  /** The organization lets its credit move to Paydar (otherwise 403). */
  transfersAllowed: boolean;
}

export interface FakeConsoleTransfer {
  transferId: string;
  email: string;
  amount: number;
  description: string;
  idempotencyKey: string;
}

export interface FakeConsoleCall {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown> | undefined;
}

export interface FakeConsoleFailure {
  status: number;
  detail?: string;
  /** Answer an HTML page instead of JSON, as a proxy in front of it would. */
  html?: boolean;
}

export interface FakeHostingConsole {
  url: string;
  apiKey: string;
  calls: FakeConsoleCall[];
  /** Transfers made, once per idempotency key. */
  transfers: FakeConsoleTransfer[];
  accounts: Map<string, FakeConsoleAccount>;
  /** Creates or changes an account (defaults: linked, 10,000,000 Tomans, transfers allowed). */
  setAccount(email: string, account?: Partial<Omit<FakeConsoleAccount, 'email'>>): FakeConsoleAccount;
  /** Answer the next `count` calls with this status, whatever they ask. */
  failNext(count: number, failure: FakeConsoleFailure): void;
  /** Hold every answer this long (a slow console; client timeouts). */
  setDelay(ms: number): void;
  waitForCall(find: (call: FakeConsoleCall) => boolean, timeoutMs?: number): Promise<FakeConsoleCall>;
  stop(): Promise<void>;
}

export const CONSOLE_TEXTS = {
  notLinked: 'This account is not linked to an organization.',
  notEnoughCredit: 'Not enough credit in the console account.',
  noAccount: 'No console account uses this email.',
  badKey: 'Invalid API key.',
  notAllowed: 'This organization does not allow credit transfers.',
  keyReused: 'This idempotency_key was used for a different transfer.',
};

/**
 * The hosting console's API on loopback, as apps/server/src/modules/console-credit/README.md
 * describes it: `GET /v1/organizations/by-email?email=`, `POST /v1/credit-transfers` and
 * `GET /v1/credit-transfers/{idempotency_key}`
 * (idempotent on `idempotency_key`), `Authorization: Bearer <key>`, errors as `{detail}` with 400,
 * 401, 403, 404 and 409.
 */
export async function startFakeHostingConsole(
  options: {
    apiKey?: string;
    port?: number;
    /** Any unknown email has a linked account with the default credit (for `npm run dev`). */
    autoAccounts?: boolean;
  } = {},
): Promise<FakeHostingConsole> {
  const apiKey = options.apiKey ?? 'fake-console-key';
  const calls: FakeConsoleCall[] = [];
  const transfers: FakeConsoleTransfer[] = [];
  const accounts = new Map<string, FakeConsoleAccount>();
  const waiters = new Waiters();
  let next: { count: number; failure: FakeConsoleFailure } | undefined;
  let delayMs = 0;
  let transferSerial = 5000;
  const defaultAccount = (email: string): FakeConsoleAccount => ({
    email,
    hasOrganization: true,
    credit: 10_000_000,
    transfersAllowed: true,
  });
  const accountOf = (email: string): FakeConsoleAccount | undefined => {
    const key = email.toLowerCase();
    if (!accounts.has(key) && options.autoAccounts && key) accounts.set(key, defaultAccount(key));
    return accounts.get(key);
  };

  const listening = await listenLoopback((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const text = await readBody(req);
      let body: Record<string, unknown> | undefined;
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
      } catch {
        return sendJson(res, 400, { detail: 'The body is not JSON.' });
      }
      const call: FakeConsoleCall = {
        method: req.method ?? 'GET',
        path: url.pathname,
        authorization: req.headers.authorization,
        body,
      };
      calls.push(call);
      waiters.notify();
      if (delayMs > 0) await sleep(delayMs);

      if (next && next.count > 0) {
        next.count -= 1;
        const { status, detail, html } = next.failure;
        if (html) {
          if (res.destroyed) return;
          res.writeHead(status, { 'content-type': 'text/html' });
          return res.end(`<html><body><h1>${status}</h1></body></html>`);
        }
        return sendJson(res, status, { detail: detail ?? `Failed (${status}).` });
      }
      if (call.authorization !== `Bearer ${apiKey}`) return sendJson(res, 401, { detail: CONSOLE_TEXTS.badKey });

      if (call.method === 'GET' && url.pathname === '/v1/organizations/by-email') {
        const account = accountOf(url.searchParams.get('email') ?? '');
        if (!account) return sendJson(res, 404, { detail: CONSOLE_TEXTS.noAccount });
        return sendJson(res, 200, { has_organization: account.hasOrganization });
      }
      const lookup = /^\/v1\/credit-transfers\/([^/]+)$/.exec(url.pathname);
      if (call.method === 'GET' && lookup) {
        const key = decodeURIComponent(lookup[1] as string);
        const found = transfers.find((transfer) => transfer.idempotencyKey === key);
        if (!found) return sendJson(res, 404, { detail: 'No transfer was made under this key.' });
        return sendJson(res, 200, { transfer_id: found.transferId, amount: found.amount });
      }
      if (call.method === 'POST' && url.pathname === '/v1/credit-transfers') {
        const { email, amount, description, idempotency_key: key } = body ?? {};
        if (
          typeof email !== 'string' ||
          typeof key !== 'string' ||
          !key ||
          typeof amount !== 'number' ||
          !Number.isInteger(amount) ||
          amount <= 0 ||
          typeof description !== 'string'
        ) {
          return sendJson(res, 400, { detail: 'email, amount, description and idempotency_key are required.' });
        }
        const earlier = transfers.find((transfer) => transfer.idempotencyKey === key);
        if (earlier) {
          if (earlier.email !== email.toLowerCase() || earlier.amount !== amount)
            return sendJson(res, 409, { detail: CONSOLE_TEXTS.keyReused });
          return sendJson(res, 200, { transfer_id: earlier.transferId, amount: earlier.amount });
        }
        const account = accountOf(email);
        if (!account) return sendJson(res, 404, { detail: CONSOLE_TEXTS.noAccount });
        if (!account.hasOrganization) return sendJson(res, 400, { detail: CONSOLE_TEXTS.notLinked });
        if (!account.transfersAllowed) return sendJson(res, 403, { detail: CONSOLE_TEXTS.notAllowed });
        if (account.credit < amount) return sendJson(res, 400, { detail: CONSOLE_TEXTS.notEnoughCredit });
        account.credit -= amount;
        transferSerial += 1;
        const transfer: FakeConsoleTransfer = {
          transferId: `ct_${transferSerial}`,
          email: account.email,
          amount,
          description,
          idempotencyKey: key,
        };
        transfers.push(transfer);
        return sendJson(res, 201, { transfer_id: transfer.transferId, amount });
      }
      sendJson(res, 404, { detail: 'Not found.' });
    })().catch(() => res.destroy());
  }, options.port);

  return {
    url: listening.url,
    apiKey,
    calls,
    transfers,
    accounts,
    setAccount(email, changes = {}) {
      const key = email.toLowerCase();
      const account: FakeConsoleAccount = { ...defaultAccount(key), ...accounts.get(key), ...changes };
      accounts.set(key, account);
      return account;
    },
    failNext(count, failure) {
      next = { count, failure };
    },
    setDelay(ms) {
      delayMs = ms;
    },
    waitForCall(find, timeoutMs = IN_PROCESS_WAIT_MS) {
      return waiters.until(() => calls.find(find), 'a matching console call', timeoutMs);
    },
    stop: listening.stop,
  };
}
