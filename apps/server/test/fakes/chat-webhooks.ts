import type { ServerResponse } from 'node:http';
import { IN_PROCESS_WAIT_MS } from '../loaded-machine';
import { listenLoopback, readBody, sendJson, Waiters } from './http-fake';

export type ChatService = 'slack' | 'discord' | 'mattermost';

export interface ReceivedChatMessage {
  service: ChatService;
  path: string;
  /** The JSON body as parsed (undefined when it was not JSON). */
  body: Record<string, unknown> | undefined;
  /** The status the fake answered. */
  status: number;
}

export interface FakeChatWebhooks {
  /** The origin; incoming webhook URLs are below it. */
  url: string;
  slackUrl: string;
  discordUrl: string;
  mattermostUrl: string;
  received: ReceivedChatMessage[];
  /** Messages the fake accepted (2xx), in order. */
  accepted(service?: ChatService): ReceivedChatMessage[];
  /** Answer the next `count` messages to `service` with its rate-limit answer, asking to wait `seconds`. */
  rateLimitNext(service: ChatService, count: number, seconds: number): void;
  /** Answer the next `count` messages to `service` with this status and the service's error text. */
  failNext(service: ChatService, count: number, status: number): void;
  waitForMessage(find?: (message: ReceivedChatMessage) => boolean, timeoutMs?: number): Promise<ReceivedChatMessage>;
  stop(): Promise<void>;
}

/** Discord's documented embed limits; the fake refuses what the real API refuses. */
const DISCORD = { content: 2000, embeds: 10, title: 256, description: 4096, fields: 25, name: 256, value: 1024 };

/** What Slack answers with each status. */
const SLACK_ERRORS: Record<number, string> = {
  400: 'invalid_payload',
  403: 'action_prohibited',
  404: 'no_service',
  410: 'channel_is_archived',
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Why Slack would answer `invalid_payload` / `invalid_blocks`, or undefined when it accepts the message. */
function slackProblem(body: Record<string, unknown>): string | undefined {
  const attachments = Array.isArray(body.attachments) ? (body.attachments as Array<Record<string, unknown>>) : [];
  if (!text(body.text) && attachments.length === 0 && !Array.isArray(body.blocks)) return 'invalid_payload';
  for (const attachment of attachments) {
    for (const block of (attachment.blocks as Array<{ text?: { text?: string } }> | undefined) ?? []) {
      if (text(block.text?.text).length > 3000) return 'invalid_blocks';
    }
  }
  return undefined;
}

/** Discord's 400 "Invalid Form Body" cases that matter here, or undefined when the message is valid. */
function discordProblem(body: Record<string, unknown>): string | undefined {
  const embeds = Array.isArray(body.embeds) ? (body.embeds as Array<Record<string, unknown>>) : [];
  if (!text(body.content) && embeds.length === 0) return 'Cannot send an empty message';
  if (text(body.content).length > DISCORD.content) return 'content: Must be 2000 or fewer in length.';
  if (embeds.length > DISCORD.embeds) return 'embeds: Must be 10 or fewer in length.';
  for (const embed of embeds) {
    if (text(embed.title).length > DISCORD.title) return 'embeds.0.title: Must be 256 or fewer in length.';
    if (text(embed.description).length > DISCORD.description)
      return 'embeds.0.description: Must be 4096 or fewer in length.';
    const fields = (embed.fields as Array<{ name?: string; value?: string }> | undefined) ?? [];
    if (fields.length > DISCORD.fields) return 'embeds.0.fields: Must be 25 or fewer in length.';
    for (const field of fields) {
      if (!field.name || !field.value) return 'embeds.0.fields: This field is required';
      if (field.name.length > DISCORD.name || field.value.length > DISCORD.value)
        return 'embeds.0.fields: Must be 1024 or fewer in length.';
    }
    if (typeof embed.color === 'number' && (embed.color < 0 || embed.color > 0xffffff))
      return 'embeds.0.color: Int value should be less than or equal to 16777215.';
  }
  return undefined;
}

/**
 * Slack, Discord and Mattermost incoming webhooks on loopback, each answering as the service does:
 * Slack `POST /services/T…/B…/X…` → 200 `ok`, or 400 `invalid_payload` / 429 with Retry-After;
 * Discord `POST /api/webhooks/{id}/{token}` → 204, 400 `{code: 50035, message}`, 404 `Unknown
 * Webhook`, or 429 `{message, retry_after, global}`; Mattermost `POST …/hooks/{id}` → 200 `ok`, or
 * 400 `{id, message, status_code}`. Every message is checked against the service's format and limits.
 */
export async function startFakeChatWebhooks(options: { port?: number } = {}): Promise<FakeChatWebhooks> {
  const received: ReceivedChatMessage[] = [];
  const waiters = new Waiters();
  const rateLimits: Partial<Record<ChatService, { count: number; seconds: number }>> = {};
  const failures: Partial<Record<ChatService, { count: number; status: number }>> = {};

  const take = <T extends { count: number }>(table: Partial<Record<ChatService, T>>, service: ChatService) => {
    const entry = table[service];
    if (!entry || entry.count <= 0) return undefined;
    entry.count -= 1;
    return entry;
  };

  function answer(service: ChatService, res: ServerResponse, body: Record<string, unknown> | undefined): number {
    const limited = take(rateLimits, service);
    const failure = take(failures, service);
    const plain = (status: number, words: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'text/plain', ...headers });
      res.end(words);
      return status;
    };
    const json = (status: number, value: unknown) => {
      sendJson(res, status, value);
      return status;
    };
    if (service === 'slack') {
      if (limited) return plain(429, 'rate_limited', { 'retry-after': String(limited.seconds) });
      if (failure) return plain(failure.status, SLACK_ERRORS[failure.status] ?? 'internal_error');
      const problem = body ? slackProblem(body) : 'invalid_payload';
      return problem ? plain(400, problem) : plain(200, 'ok');
    }
    if (service === 'discord') {
      if (limited)
        return json(429, { message: 'You are being rate limited.', retry_after: limited.seconds, global: false });
      if (failure) return json(failure.status, { message: 'Unknown Webhook', code: 10015 });
      const problem = body ? discordProblem(body) : 'Cannot send an empty message';
      if (problem) return json(400, { code: 50035, message: `Invalid Form Body: ${problem}` });
      res.writeHead(204);
      res.end();
      return 204;
    }
    const error = (status: number, message: string) =>
      json(status, { id: 'web.incoming_webhook.error', message, detailed_error: '', status_code: status });
    if (limited) return error(429, 'Too many requests. Please try again later.');
    if (failure) return error(failure.status, 'Unable to find the webhook.');
    if (!body || (!text(body.text) && !Array.isArray(body.attachments))) return error(400, 'No text specified');
    return plain(200, 'ok');
  }

  const serviceOf = (path: string): ChatService | undefined => {
    if (/^\/services\/[A-Za-z0-9]+\/[A-Za-z0-9]+\/[A-Za-z0-9]+$/.test(path)) return 'slack';
    if (/^\/api\/webhooks\/\d+\/[A-Za-z0-9_-]+$/.test(path)) return 'discord';
    if (/\/hooks\/[A-Za-z0-9]+$/.test(path)) return 'mattermost';
    return undefined;
  };

  const listening = await listenLoopback((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const service = serviceOf(path);
      if (req.method !== 'POST' || !service) {
        res.writeHead(404);
        res.end();
        return;
      }
      let body: Record<string, unknown> | undefined;
      try {
        body = (req.headers['content-type'] ?? '').includes('application/json') ? JSON.parse(raw) : undefined;
      } catch {
        body = undefined;
      }
      const status = answer(service, res, body);
      received.push({ service, path, body, status });
      waiters.notify();
    })().catch(() => res.destroy());
  }, options.port);

  const base = listening.url;
  return {
    url: base,
    slackUrl: `${base}/services/T0001/B0001/XXXXXXXXXXXXXXXX`,
    discordUrl: `${base}/api/webhooks/123456789/fake-discord-token`,
    mattermostUrl: `${base}/hooks/abcdef123456`,
    received,
    accepted: (service) =>
      received.filter((message) => message.status < 300 && (!service || message.service === service)),
    rateLimitNext(service, count, seconds) {
      rateLimits[service] = { count, seconds };
    },
    failNext(service, count, status) {
      failures[service] = { count, status };
    },
    waitForMessage(find = () => true, timeoutMs = IN_PROCESS_WAIT_MS) {
      return waiters.until(() => received.find(find), 'a matching chat message', timeoutMs);
    },
    stop: listening.stop,
  };
}
