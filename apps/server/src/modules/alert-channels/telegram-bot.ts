import type { MessengerChannelType } from '@paydar/contracts/alert-channels';
import type { Logger } from 'pino';
import type { ServiceContext } from '../../context';
import { type AdvisoryLockSession, contendForAdvisoryLock } from '../../db/advisory-lock';
import { hashSecret } from '../accounts/secrets';
import { AlertServiceError } from '../alert-clients/alert-clients.errors';
import type { TelegramUpdate } from '../alert-clients/telegram.client';
import { messengerOf } from './messengers';
import { replyTo } from './telegram-bot.replies';
import { readPollOffset, savePollOffset } from './telegram-poll.repository';

export interface TelegramBot {
  /** Whether this process holds the poller lock and polls now. */
  isPolling(): boolean;
  /** Aborts the poll, releases the lock and closes its connection. */
  stop(): Promise<void>;
}

export interface TelegramBotOptions {
  /** How often a replica without the lock tries to take it. */
  lockRetryMs?: number;
  /** How long one getUpdates waits for updates. */
  pollTimeoutSeconds?: number;
  /** Which messenger's bot: Telegram (default) or Bale, whose Bot API follows Telegram's. */
  messenger?: MessengerChannelType;
}

/** The digits before ':' in a bot token: the bot's public id. The secret part is never stored. */
export function telegramBotId(token: string): string {
  return /^(\d+):/.exec(token)?.[1] ?? hashSecret(token).slice(0, 16);
}

/** Waits `ms`, or less when `signal` aborts; never rejects. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

/**
 * Runs the alert bot of Telegram or of Bale (`options.messenger`): links chats (`/start <token>`), unlinks them (`/stop`), helps otherwise.
 * Telegram allows one getUpdates at a time per bot, so of all replicas only the one holding a
 * PostgreSQL advisory lock polls; the others try again every `lockRetryMs`. The offset is kept in
 * the database after each update, so a restart or a takeover continues exactly where polling stopped.
 */
export function startTelegramBot(
  context: ServiceContext,
  logger: Logger,
  options: TelegramBotOptions = {},
): TelegramBot {
  const messenger = messengerOf(context, options.messenger ?? 'telegram');
  const telegram = messenger.client;
  const token = messenger.botToken;
  if (!telegram || !token) throw new Error(`The ${messenger.name} bot needs its bot token`);
  // Telegram's offsets keep their old key; another messenger's bot ids are another number space.
  const botId = messenger.type === 'telegram' ? telegramBotId(token) : `${messenger.type}:${telegramBotId(token)}`;
  const lockRetryMs = options.lockRetryMs ?? 5000;
  const pollTimeoutSeconds = options.pollTimeoutSeconds ?? 25;
  const log = logger.child({ component: `${messenger.type}-bot`, botId });
  const stopping = new AbortController();
  let polling = false;

  async function handle(update: TelegramUpdate): Promise<void> {
    try {
      const reply = await replyTo(context, update, messenger.type);
      if (reply) await telegram?.sendMessage(reply.chatId, reply.text);
    } catch (error) {
      // One bad update must neither stop the bot nor come back forever: log it and go on.
      log.error({ err: error, updateId: update.update_id }, 'bot update failed');
    }
  }

  async function pollWhileHolding(session: AdvisoryLockSession): Promise<void> {
    if (!telegram) return;
    const leading = AbortSignal.any([stopping.signal, session.lost]);
    let offset = await readPollOffset(context.db, botId);
    let failures = 0;
    while (!leading.aborted) {
      let updates: TelegramUpdate[];
      try {
        updates = await telegram.getUpdates(offset, pollTimeoutSeconds, leading);
        failures = 0;
      } catch (error) {
        if (leading.aborted) return;
        failures += 1;
        const retryAfter = error instanceof AlertServiceError ? error.retryAfterSeconds : undefined;
        log.warn({ err: error }, 'getUpdates failed');
        await pause(retryAfter !== undefined ? retryAfter * 1000 : Math.min(30_000, 500 * 2 ** failures), leading);
        continue;
      }
      // A connection lost while polling took the lock with it; another replica may lead now.
      if (updates.length > 0 && !(await session.isAlive())) return;
      for (const update of updates) {
        if (stopping.signal.aborted) return;
        await handle(update);
        offset = update.update_id + 1;
        await savePollOffset(context.db, botId, offset, context.now());
      }
    }
  }

  const running = (async () => {
    const lock = contendForAdvisoryLock(context.db, `paydar:${messenger.type}-poller:${telegramBotId(token)}`);
    while (!stopping.signal.aborted) {
      try {
        const session = await lock.tryAcquire();
        if (session) {
          polling = true;
          log.info(`this replica polls ${messenger.name}`);
          try {
            await pollWhileHolding(session);
          } finally {
            polling = false;
            await session.unlock();
          }
        }
      } catch (error) {
        if (!stopping.signal.aborted) log.warn({ err: error }, 'bot loop failed; trying again');
      }
      await pause(lockRetryMs, stopping.signal);
    }
    await lock.close();
  })();

  return {
    isPolling: () => polling,
    async stop() {
      stopping.abort();
      await running;
    },
  };
}
