import type { MessengerChannelType } from '@paydar/contracts/alert-channels';
import type { ServiceContext } from '../../context';
import type { TelegramUpdate } from '../alert-clients/telegram.client';
import { MESSENGER_NAMES } from './messengers';
import { linkChatByToken, unlinkTelegramChat } from './telegram-links.service';

export interface BotReply {
  chatId: number;
  text: string;
}

export const botTexts = {
  linked: (product: string, username: string) =>
    `Linked: you will get ${product} alerts for ${username} here. Send /stop to unlink.`,
  unknownLink: (product: string, messenger = 'Telegram') =>
    `This link is unknown or has expired. Open Alert Center in ${product} and use the ${messenger} link there again.`,
  wrongAccount: (expected: string, sender: string, messenger = 'Telegram') =>
    `This link is for ${expected}, but you are ${sender}. Open it from the ${messenger} account ${expected}, or change the username in Alert Center.`,
  unlinked: (product: string, usernames: string[]) =>
    `Unlinked: you will get no more ${product} alerts for ${usernames.join(', ')} here. Open Alert Center to link again.`,
  notLinked: (product: string) => `This chat is not linked to any ${product} alerts.`,
  help: (product: string, messenger = 'Telegram') =>
    `I send ${product} alerts. To link this chat, open Alert Center in ${product}, add your ${messenger} username and follow the ${messenger} link there. Send /stop to unlink.`,
};

/** `/start abc`, `/start@PaydarBot abc`, `/stop` → the command and its argument. */
function parseCommand(text: string): { command: string; argument: string } | undefined {
  const match = /^\/([A-Za-z_]+)(?:@\w+)?(?:\s+(.*))?$/s.exec(text.trim());
  if (!match) return undefined;
  return { command: (match[1] ?? '').toLowerCase(), argument: (match[2] ?? '').trim() };
}

/** What the bot (of Telegram or Bale) answers one update with; undefined for updates that are not messages. */
export async function replyTo(
  context: ServiceContext,
  update: TelegramUpdate,
  messenger: MessengerChannelType = 'telegram',
): Promise<BotReply | undefined> {
  const message = update.message;
  if (!message) return undefined;
  const product = context.config.PRODUCT_NAME;
  const name = MESSENGER_NAMES[messenger];
  const chatId = message.chat.id;
  const parsed = message.text ? parseCommand(message.text) : undefined;

  if (parsed?.command === 'start' && parsed.argument) {
    const result = await linkChatByToken(
      context,
      { chatId, token: parsed.argument, senderUsername: message.from?.username },
      messenger,
    );
    if (result.kind === 'linked') return { chatId, text: botTexts.linked(product, result.username) };
    if (result.kind === 'wrong-account')
      return { chatId, text: botTexts.wrongAccount(result.expected, result.sender, name) };
    return { chatId, text: botTexts.unknownLink(product, name) };
  }
  if (parsed?.command === 'stop') {
    const removed = await unlinkTelegramChat(context, chatId, messenger);
    const text = removed.length
      ? botTexts.unlinked(
          product,
          removed.map((link) => link.username),
        )
      : botTexts.notLinked(product);
    return { chatId, text };
  }
  return { chatId, text: botTexts.help(product, name) };
}
