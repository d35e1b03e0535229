import { ALERT_CHANNEL_KEYS, type MessengerChannelType, normalizeChannelValue } from '@paydar/contracts/alert-channels';
import type { ServiceContext } from '../../context';
import { hashSecret } from '../accounts/secrets';
import { findUserByIdForUpdate } from '../accounts/users.repository';
import { findChannelEntry } from './channel-entries';
import { setChannelVerified } from './channel-state';
import { type ChatLink, deleteChatLinks, findChatLinks, linkTelegramChat } from './telegram-chats.repository';
import { consumeVerification, findLiveVerificationBySecret } from './verifications.repository';

const START_TOKEN = /^[A-Za-z0-9_-]{1,64}$/;

export type LinkResult =
  | { kind: 'linked'; username: string }
  | { kind: 'unknown' }
  /** The link is for `expected`, but another Telegram account (`sender`) opened it. */
  | { kind: 'wrong-account'; expected: string; sender: string };

/**
 * `/start <token>`: links the chat to the username the token was issued for and verifies it. The
 * sender's own username, when Telegram tells it, must be that username: a link forwarded to
 * someone else does not hand them the alerts.
 */
export async function linkChatByToken(
  context: ServiceContext,
  message: { chatId: number | string; token: string; senderUsername: string | undefined },
  messenger: MessengerChannelType = 'telegram',
): Promise<LinkResult> {
  if (!START_TOKEN.test(message.token)) return { kind: 'unknown' };
  const now = context.now();
  const proof = await findLiveVerificationBySecret(context.db, {
    secretHash: hashSecret(message.token),
    channelKey: ALERT_CHANNEL_KEYS[messenger],
    now,
  });
  if (!proof) return { kind: 'unknown' };
  const sender = message.senderUsername ? normalizeChannelValue(messenger, message.senderUsername) : undefined;
  if (sender && sender !== proof.value) return { kind: 'wrong-account', expected: proof.value, sender };
  return context.runInTransaction(async (transaction): Promise<LinkResult> => {
    const user = await findUserByIdForUpdate(transaction.db, proof.userId);
    // Removed from the profile since the link was made: nothing to link any more.
    if (!user || !findChannelEntry(user.alertChannels, messenger, proof.value)) return { kind: 'unknown' };
    if (!(await consumeVerification(transaction.db, proof.id, now))) return { kind: 'unknown' };
    await linkTelegramChat(transaction.db, {
      messenger,
      userId: proof.userId,
      username: proof.value,
      chatId: String(message.chatId),
      now,
    });
    await setChannelVerified(transaction, proof.userId, messenger, proof.value, true);
    return { kind: 'linked', username: proof.value };
  });
}

/**
 * Unlinks every username linked to a chat (of Telegram, or of Bale) and marks those channels unverified: for `/stop`, and
 * for the alert delivery when Telegram answers 403 (the user blocked the bot). Returns what was
 * unlinked.
 */
export async function unlinkTelegramChat(
  context: Pick<ServiceContext, 'db' | 'runInTransaction'>,
  chatId: number | string,
  messenger: MessengerChannelType = 'telegram',
): Promise<ChatLink[]> {
  const chat = String(chatId);
  const links = await findChatLinks(context.db, chat, messenger);
  if (links.length === 0) return [];
  const userIds = [...new Set(links.map((link) => link.userId))].sort((a, b) => a - b);
  return context.runInTransaction(async (transaction) => {
    // User rows first, in id order, then the chat rows: the order profile PUT and /start take them in.
    for (const userId of userIds) await findUserByIdForUpdate(transaction.db, userId);
    const removed = await deleteChatLinks(transaction.db, chat, userIds, messenger);
    for (const link of removed) await setChannelVerified(transaction, link.userId, messenger, link.username, false);
    return removed;
  });
}
