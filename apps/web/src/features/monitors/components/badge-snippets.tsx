import { Button, CopyButton, Group, Image, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { type BadgePeriod, coveredBadgePeriods, longestBadgePeriod } from '@paydar/domain/badge-periods';
import { useState } from 'react';
import { getRuntimeConfig } from '@/config/runtime-config';
import { apiUrl } from '@/lib/api-url';

type BadgeKind = 'status' | 'uptime' | 'response-time' | 'certificate';

/**
 * The badge image URL of a monitor (server module badges): absolute, since it is pasted into other
 * sites; a relative API base (API and app on one origin) is resolved against the dashboard.
 */
export function badgeUrl(token: string, badge: BadgeKind, period?: BadgePeriod): string {
  const { apiBaseUrl, dashboardUrl } = getRuntimeConfig();
  const base = /^https?:\/\//i.test(apiBaseUrl) ? apiBaseUrl : new URL(apiBaseUrl || '/', dashboardUrl).href;
  const query = period ? `?period=${period}` : '';
  return apiUrl(base, `/api/v1/badges/${encodeURIComponent(token)}/${badge}.svg${query}`);
}

interface ShownBadge {
  url: string;
  alt: string;
}

/**
 * The status badge, uptime and response time over `period` when the plan covers one, and the TLS
 * certificate's days left when the monitor has a certificate to count them from.
 */
function shownBadges(token: string, period: BadgePeriod | null, certificate: boolean): ShownBadge[] {
  const badges = [{ url: badgeUrl(token, 'status'), alt: 'status' }];
  if (period) {
    badges.push(
      { url: badgeUrl(token, 'uptime', period), alt: `uptime ${period}` },
      { url: badgeUrl(token, 'response-time', period), alt: `response time ${period}` },
    );
  }
  if (certificate) badges.push({ url: badgeUrl(token, 'certificate'), alt: 'certificate' });
  return badges;
}

/** Markdown for a README and HTML for an intranet page, each badge linked to the share page. */
export function badgeSnippets(
  token: string,
  link: string,
  period: BadgePeriod | null,
  certificate = false,
): { markdown: string; html: string } {
  const badges = shownBadges(token, period, certificate);
  return {
    markdown: badges.map(({ url, alt }) => `[![${alt}](${url})](${link})`).join(' '),
    html: badges.map(({ url, alt }) => `<a href="${link}"><img src="${url}" alt="${alt}"></a>`).join(' '),
  };
}

function Snippet({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Textarea value={value} readOnly aria-label={label} minRows={3} style={{ flex: 1 }} />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button color={copied ? 'teal' : undefined} onClick={copy} w={96} aria-label={`Copy ${label}`}>
            {copied ? 'Copied!' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

type BadgeSnippetsProps = {
  token: string;
  link: string;
  /** The owner's plan's METRIC_HISTORY_DAYS: a longer period would read "no data" (0 without a plan). */
  historyDays: number;
  /** The monitor has a TLS certificate (an HTTPS monitor once checked): its badge is offered too. */
  certificate?: boolean;
};

/**
 * The Share popup's badges: a preview and the snippets to paste, each with a copy button. Uptime and
 * response time use the longest period the plan's history covers; the user may pick a shorter one.
 */
export function BadgeSnippets({ token, link, historyDays, certificate = false }: BadgeSnippetsProps) {
  const covered = coveredBadgePeriods(historyDays);
  const [chosen, setChosen] = useState<BadgePeriod | null>(null);
  const period = chosen && covered.includes(chosen) ? chosen : longestBadgePeriod(historyDays);
  const badges = shownBadges(token, period, certificate);
  const { markdown, html } = badgeSnippets(token, link, period, certificate);
  return (
    <Stack gap="xs" mt="md">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          Badges
        </Text>
        {covered.length > 1 && period && (
          <SegmentedControl
            size="xs"
            aria-label="Badge period"
            data={covered}
            value={period}
            onChange={(value) => setChosen(value as BadgePeriod)}
          />
        )}
      </Group>
      <Group gap="xs">
        {badges.map(({ url, alt }) => (
          <Image key={url} src={url} alt={`${alt} badge`} h={20} w="auto" />
        ))}
      </Group>
      <Snippet label="Badge Markdown" value={markdown} />
      <Snippet label="Badge HTML" value={html} />
    </Stack>
  );
}
