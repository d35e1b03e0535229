import type { ServiceContext } from '../../context';
import { unlinkTelegramChat } from '../alert-channels/telegram-links.service';
import { AlertServiceError } from '../alert-clients/alert-clients.errors';
import { findTelegramChat } from './alert-delivery.repository';

/**
 * When Telegram or Bale answers 403 (the user blocked the bot), the chat is unlinked and the name
 * unverified until they open the link again: for an alert and for a channel test alike.
 */
export async function forgetBlockedChat(
  context: ServiceContext,
  userId: number,
  recipient: string,
  error: unknown,
): Promise<void> {
  if (!(error instanceof AlertServiceError) || error.kind !== 'blocked' || error.status !== 403) return;
  if (error.service !== 'telegram' && error.service !== 'bale') return;
  const chatId = await findTelegramChat(context.db, userId, recipient, error.service);
  if (chatId) await unlinkTelegramChat(context, chatId, error.service);
}
