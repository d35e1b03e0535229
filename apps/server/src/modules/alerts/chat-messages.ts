import type { ChatWebhookType } from '@paydar/contracts/alert-channels';
import type { AlertKind } from '@paydar/contracts/alert-events';
import type { AlertFacts } from '../../db/schema/notifications';
import { alertSubject, describeAlert, HEADLINES, monitorLink, oneLine, outageLength, when } from './alert-messages';

/**
 * An alert in the message formats of Slack, Discord and Mattermost incoming webhooks (issue 17).
 * Pure, like alert-messages.ts, whose words they reuse. What came from a user or a target (the
 * monitor's name, the reason) is escaped for each format, so it can neither format the message,
 * make a link, nor mention anyone, and every text is cut to the service's limit.
 */

/** The colour bar of each kind: red while down, green when well again. */
export const ALERT_COLOURS: Record<AlertKind, string> = {
  down: '#e03131',
  up: '#2f9e44',
  flapping: '#f76707',
  reminder: '#c92a2a',
  slow: '#f59f00',
  slow_recovered: '#1098ad',
  certificate_expiry: '#e8590c',
  test: '#1c7ed6',
};

/** Discord's limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits). */
export const DISCORD_LIMITS = { content: 2000, title: 256, description: 4096, fieldName: 256, fieldValue: 1024 };
/** Slack's limits: a section's text, and the top-level fallback text we keep short. */
export const SLACK_LIMITS = { section: 3000, text: 1000 };
/** Mattermost's post limit is 16383 characters; an attachment's text shares it. */
export const MATTERMOST_LIMITS = { text: 4000 };

/** Cuts `text` to `max` characters (code points, so no emoji is split), ending with '…' when cut. */
export function truncate(text: string, max: number): string {
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`;
}

/**
 * Slack mrkdwn: `&`, `<` and `>` are the characters Slack asks to escapeText; with them escaped a name
 * cannot become a link or a mention (`<!channel>`, `<@U123>`).
 */
export const escapeSlack = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Markdown (Discord, Mattermost): a backslash before every character that formats, links, quotes or
 * opens a mention tag (`<@123>`), before a heading or list mark that starts the text, and a
 * zero-width space after `@`, so `@everyone`, `@channel` or `@here` in a name is text, not a
 * mention (Discord is told `allowed_mentions: {parse: []}` as well; Mattermost has no such switch).
 */
export const escapeMarkdown = (text: string): string =>
  text
    .replace(/[\\`*_~|[\]()<>]/g, '\\$&')
    .replace(/^[#+-]/, '\\$&')
    .replace(/@/g, '@\u200b');

/** Facts in lines of a chat message: what happened, why, and how long it was down. */
function chatLines(facts: AlertFacts, product: string, escapeText: (text: string) => string): string[] {
  return describeAlert(facts, product, (text) => escapeText(oneLine(text))).filter((line): line is string =>
    Boolean(line),
  );
}

/** The title of a chat message: `DOWN: HTTP:shop` (one line), or the test's words. */
function headline(facts: AlertFacts, escapeText: (text: string) => string): string {
  if (facts.kind === 'test') return 'TEST: this is a test message';
  return `${HEADLINES[facts.kind]}: ${escapeText(oneLine(facts.monitor.name))}`;
}

/** Name and value pairs shown as fields: the monitor, the time, the reason, how long it was down. */
function factFields(facts: AlertFacts, escapeText: (text: string) => string): Array<{ name: string; value: string }> {
  if (facts.kind === 'test') return [{ name: 'Sent', value: when(facts) }];
  const length = outageLength(facts);
  return [
    { name: 'Monitor', value: escapeText(oneLine(facts.monitor.name)) },
    { name: 'Time', value: when(facts) },
    ...(facts.reason ? [{ name: 'Reason', value: escapeText(oneLine(facts.reason)) }] : []),
    ...(length ? [{ name: facts.kind === 'up' ? 'Down for' : 'Down since', value: length }] : []),
    ...(facts.kind === 'certificate_expiry' && facts.certificate
      ? [
          { name: 'Expires', value: when(facts, facts.certificate.validTo) },
          { name: 'Days left', value: String(facts.certificate.daysLeft) },
        ]
      : []),
  ];
}

const linkOf = (facts: AlertFacts, dashboardUrl: string) =>
  facts.kind === 'test' ? undefined : monitorLink(facts, dashboardUrl);

/** Slack: `text` (the notification's words) and an attachment with the colour bar and blocks. */
export function slackMessage(facts: AlertFacts, product: string, dashboardUrl: string) {
  const link = linkOf(facts, dashboardUrl);
  const body = [`*${headline(facts, escapeSlack)}*`, ...chatLines(facts, product, escapeSlack)].join('\n');
  const context = link ? `<${link}|Open in ${escapeSlack(product)}>` : escapeSlack(product);
  return {
    text: truncate(escapeSlack(alertSubject(facts, product)), SLACK_LIMITS.text),
    attachments: [
      {
        color: ALERT_COLOURS[facts.kind],
        fallback: truncate(escapeSlack(alertSubject(facts, product)), SLACK_LIMITS.text),
        blocks: [
          { type: 'section', text: { type: 'mrkdwn', text: truncate(body, SLACK_LIMITS.section) } },
          { type: 'context', elements: [{ type: 'mrkdwn', text: context }] },
        ],
      },
    ],
  };
}

/** Discord: `content` plus one embed with colour and fields; nobody is mentioned, whatever the text says. */
export function discordMessage(facts: AlertFacts, product: string, dashboardUrl: string) {
  const link = linkOf(facts, dashboardUrl);
  return {
    content: truncate(escapeMarkdown(alertSubject(facts, product)), DISCORD_LIMITS.content),
    allowed_mentions: { parse: [] as string[] },
    embeds: [
      {
        // Titles are shown as plain text: escaping would show the backslashes.
        title: truncate(
          headline(facts, (text) => text),
          DISCORD_LIMITS.title,
        ),
        ...(link ? { url: link } : {}),
        description: truncate(chatLines(facts, product, escapeMarkdown).join('\n'), DISCORD_LIMITS.description),
        color: Number.parseInt(ALERT_COLOURS[facts.kind].slice(1), 16),
        fields: factFields(facts, escapeMarkdown).map((field) => ({
          name: truncate(field.name, DISCORD_LIMITS.fieldName),
          value: truncate(field.value, DISCORD_LIMITS.fieldValue),
          inline: field.name !== 'Reason',
        })),
        timestamp: facts.at,
        footer: { text: product },
      },
    ],
  };
}

/** Mattermost: Slack-compatible `text` and `attachments`, posted under the product's name (and icon when set). */
export function mattermostMessage(facts: AlertFacts, product: string, dashboardUrl: string, iconUrl?: string) {
  const link = linkOf(facts, dashboardUrl);
  return {
    username: product,
    ...(iconUrl ? { icon_url: iconUrl } : {}),
    text: truncate(escapeMarkdown(alertSubject(facts, product)), MATTERMOST_LIMITS.text),
    attachments: [
      {
        fallback: truncate(escapeMarkdown(alertSubject(facts, product)), MATTERMOST_LIMITS.text),
        color: ALERT_COLOURS[facts.kind],
        title: headline(facts, escapeMarkdown),
        ...(link ? { title_link: link } : {}),
        text: truncate(chatLines(facts, product, escapeMarkdown).join('\n'), MATTERMOST_LIMITS.text),
        fields: factFields(facts, escapeMarkdown).map((field) => ({
          title: field.name,
          value: truncate(field.value, MATTERMOST_LIMITS.text),
          short: field.name !== 'Reason',
        })),
      },
    ],
  };
}

/** The message of a chat service for an alert: what alert delivery and channel tests post. */
export function chatMessageOf(
  type: ChatWebhookType,
  facts: AlertFacts,
  config: { PRODUCT_NAME: string; DASHBOARD_URL: string; MATTERMOST_ICON_URL?: string | undefined },
) {
  if (type === 'slack') return slackMessage(facts, config.PRODUCT_NAME, config.DASHBOARD_URL);
  if (type === 'discord') return discordMessage(facts, config.PRODUCT_NAME, config.DASHBOARD_URL);
  return mattermostMessage(facts, config.PRODUCT_NAME, config.DASHBOARD_URL, config.MATTERMOST_ICON_URL);
}
