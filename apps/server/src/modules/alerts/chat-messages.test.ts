import { ALERT_KINDS, type AlertKind } from '@paydar/contracts/alert-events';
import { describe, expect, it } from 'vitest';
import { type AlertFacts, NO_MONITOR } from '../../db/schema/notifications';
import {
  ALERT_COLOURS,
  DISCORD_LIMITS,
  discordMessage,
  escapeMarkdown,
  escapeSlack,
  mattermostMessage,
  SLACK_LIMITS,
  slackMessage,
} from './chat-messages';

const DASHBOARD = 'https://app.example.test';

function factsOf(kind: AlertKind, name = 'HTTP:shop', reason: string | null = 'HTTP 503'): AlertFacts {
  return {
    kind,
    at: '2026-11-26T11:20:30.000Z',
    monitor: kind === 'test' ? NO_MONITOR : { id: 7, name, protocolType: 'HTTP', url: 'https://shop.test', host: null },
    downtime: kind === 'up' ? { fromTime: '2026-11-26T10:15:00.000Z', toTime: '2026-11-26T11:20:30.000Z' } : null,
    reason: kind === 'test' ? null : reason,
    timeZone: 'Asia/Tehran',
    ...(kind === 'certificate_expiry'
      ? { certificate: { host: 'shop.test', validTo: '2026-12-03T08:00:00.000Z', daysLeft: 6, thresholdDays: 7 } }
      : {}),
  };
}

const HEADLINE: Record<AlertKind, string> = {
  down: 'DOWN: HTTP:shop',
  up: 'UP: HTTP:shop',
  flapping: 'FLAPPING: HTTP:shop',
  reminder: 'STILL DOWN: HTTP:shop',
  slow: 'SLOW: HTTP:shop',
  slow_recovered: 'FAST AGAIN: HTTP:shop',
  certificate_expiry: 'CERTIFICATE EXPIRES: HTTP:shop',
  test: 'TEST: this is a test message',
};

describe('every alert kind in every chat format', () => {
  it.each(ALERT_KINDS)('%s', (kind) => {
    const facts = factsOf(kind);
    const slack = slackMessage(facts, 'Paydar', DASHBOARD);
    const section = slack.attachments[0]?.blocks[0]?.text?.text ?? '';
    expect(section.startsWith(`*${HEADLINE[kind]}*\n`)).toBe(true);
    expect(section).toContain('14:50:30 (Asia/Tehran)');
    expect(slack.attachments[0]?.color).toBe(ALERT_COLOURS[kind]);

    const discord = discordMessage(facts, 'Paydar', DASHBOARD);
    const embed = discord.embeds[0];
    expect(embed?.title).toBe(HEADLINE[kind]);
    expect(embed?.color).toBe(Number.parseInt(ALERT_COLOURS[kind].slice(1), 16));
    expect(embed?.timestamp).toBe(facts.at);
    expect('url' in (embed ?? {})).toBe(kind !== 'test');

    const mattermost = mattermostMessage(facts, 'Paydar', DASHBOARD, 'https://cdn.example.test/icon.png');
    expect(mattermost).toMatchObject({ username: 'Paydar', icon_url: 'https://cdn.example.test/icon.png' });
    expect(mattermost.attachments[0]?.title).toBe(HEADLINE[kind]);
    if (kind !== 'test') {
      expect(mattermost.attachments[0]?.title_link).toBe(`${DASHBOARD}/monitor/7`);
      expect(mattermost.attachments[0]?.fields.find((field) => field.title === 'Reason')?.value).toBe('HTTP 503');
    }
  });

  it('says how long a recovered monitor was down', () => {
    const fields = discordMessage(factsOf('up'), 'Paydar', DASHBOARD).embeds[0]?.fields;
    expect(fields?.find((field) => field.name === 'Down for')?.value).toBe('1 hour 5 minutes');
  });

  it('gives a certificate warning its expiry, in the owner’s zone, and the days left', () => {
    const fields = discordMessage(factsOf('certificate_expiry'), 'Paydar', DASHBOARD).embeds[0]?.fields;
    expect(fields?.find((field) => field.name === 'Expires')?.value).toContain('11:30:00 (Asia/Tehran)');
    expect(fields?.find((field) => field.name === 'Days left')?.value).toBe('6');
    const slack = slackMessage(factsOf('certificate_expiry'), 'Paydar', DASHBOARD);
    expect(slack.attachments[0]?.blocks[0]?.text?.text).toContain('The TLS certificate of shop.test');
  });
});

describe('hostile monitor names', () => {
  const hostile = '<!channel> @everyone <@123> *bold* [x](https://evil.test) `code` & </script>\n# heading';

  it('Slack: & < > escaped, so no mention, link or markup tag survives', () => {
    const message = slackMessage(factsOf('down', hostile), 'Paydar', DASHBOARD);
    const all = JSON.stringify(message);
    expect(all).not.toContain('<!channel>');
    expect(all).not.toContain('<@123>');
    expect(all).not.toContain('</script>');
    expect(message.text).toContain('&lt;!channel&gt;');
    expect(message.text).toContain('&amp;');
    expect(message.text).not.toContain('\n');
  });

  it('Discord: markdown escaped, mentions broken and allowed_mentions empty', () => {
    const message = discordMessage(factsOf('down', hostile), 'Paydar', DASHBOARD);
    expect(message.allowed_mentions).toEqual({ parse: [] });
    const description = message.embeds[0]?.description ?? '';
    expect(description).not.toMatch(/@everyone/);
    expect(description).toContain('@\u200beveryone');
    expect(description).toContain('\\<@\u200b123\\>');
    expect(description).toContain('\\*bold\\*');
    expect(description).toContain('\\[x\\]\\(https://evil.test\\)');
    expect(message.content).not.toMatch(/@everyone|@here/);
  });

  it('Mattermost: markdown escaped and @channel / @all broken, since it has no allowed_mentions', () => {
    const message = mattermostMessage(factsOf('down', '@channel @all ~town-square'), 'Paydar', DASHBOARD);
    const all = JSON.stringify(message);
    expect(all).not.toMatch(/@channel|@all/);
    expect(message.attachments[0]?.text).toContain('\\~town');
  });

  it('escapes a heading or list mark that starts a name', () => {
    expect(escapeMarkdown('# big')).toBe('\\# big');
    expect(escapeMarkdown('- item')).toBe('\\- item');
    expect(escapeSlack('a<b>&c')).toBe('a&lt;b&gt;&amp;c');
  });
});

describe('limits', () => {
  const huge = 'n'.repeat(20_000);

  it('Discord: content, title, description and field values cut to the API limits', () => {
    const message = discordMessage(factsOf('down', huge, 'r'.repeat(5000)), 'Paydar', DASHBOARD);
    const embed = message.embeds[0];
    expect(message.content.length).toBeLessThanOrEqual(DISCORD_LIMITS.content);
    expect(embed?.title.length).toBeLessThanOrEqual(DISCORD_LIMITS.title);
    expect(embed?.description.length).toBeLessThanOrEqual(DISCORD_LIMITS.description);
    for (const field of embed?.fields ?? []) expect(field.value.length).toBeLessThanOrEqual(DISCORD_LIMITS.fieldValue);
    expect(embed?.title.endsWith('…')).toBe(true);
  });

  it('Slack: a section stays within 3000 characters', () => {
    const message = slackMessage(factsOf('down', huge), 'Paydar', DASHBOARD);
    expect(message.attachments[0]?.blocks[0]?.text?.text.length).toBeLessThanOrEqual(SLACK_LIMITS.section);
    expect(message.text.length).toBeLessThanOrEqual(SLACK_LIMITS.text);
  });

  it('never splits an emoji when cutting', () => {
    const message = discordMessage(factsOf('down', '😀'.repeat(3000)), 'Paydar', DASHBOARD);
    expect(message.embeds[0]?.title).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});
