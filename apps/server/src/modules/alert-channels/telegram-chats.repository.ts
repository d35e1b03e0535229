import type { MessengerChannelType } from '@paydar/contracts/alert-channels';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { telegramChats } from '../../db/schema/index';

export interface ChatLink {
  userId: number;
  /** '@' and lower case, as in the profile. */
  username: string;
}

/** Points a user's Telegram (or Bale) username at a chat, replacing the chat it pointed at before. */
export async function linkTelegramChat(
  db: Database,
  link: ChatLink & { chatId: string; now: Date; messenger?: MessengerChannelType },
): Promise<void> {
  const messenger = link.messenger ?? 'telegram';
  await db
    .insert(telegramChats)
    .values({ messenger, userId: link.userId, username: link.username, chatId: link.chatId, linkedAt: link.now })
    .onConflictDoUpdate({
      target: [telegramChats.messenger, telegramChats.userId, telegramChats.username],
      set: { chatId: link.chatId, linkedAt: link.now },
    });
}

/** Which users' usernames a chat is linked to. */
export function findChatLinks(
  db: Database,
  chatId: string,
  messenger: MessengerChannelType = 'telegram',
): Promise<ChatLink[]> {
  return db
    .select({ userId: telegramChats.userId, username: telegramChats.username })
    .from(telegramChats)
    .where(and(eq(telegramChats.messenger, messenger), eq(telegramChats.chatId, chatId)));
}

/** Removes a chat's links of these users; returns what was removed. */
export function deleteChatLinks(
  db: Database,
  chatId: string,
  userIds: number[],
  messenger: MessengerChannelType = 'telegram',
): Promise<ChatLink[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .delete(telegramChats)
    .where(
      and(
        eq(telegramChats.messenger, messenger),
        eq(telegramChats.chatId, chatId),
        inArray(telegramChats.userId, userIds),
      ),
    )
    .returning({ userId: telegramChats.userId, username: telegramChats.username });
}

/** Drops a user's links of usernames no longer in their profile. */
export async function deleteLinksExcept(
  db: Database,
  userId: number,
  keptUsernames: string[],
  messenger: MessengerChannelType = 'telegram',
): Promise<void> {
  await db
    .delete(telegramChats)
    .where(
      and(
        eq(telegramChats.messenger, messenger),
        eq(telegramChats.userId, userId),
        keptUsernames.length ? notInArray(telegramChats.username, keptUsernames) : undefined,
      ),
    );
}
