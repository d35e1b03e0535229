import { Anchor, Center, Container, Stack, Text, Title } from '@mantine/core';
import { displayName } from '@paydar/domain/display-name';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useMetric } from '@/features/monitors/api/get-metric';
import { monitorQueryOptions } from '@/features/monitors/api/get-monitor';
import { useRawRange } from '@/features/monitors/api/get-raw-metrics';
import { dayAvailability } from '@/features/public-status/components/day-availability';
import { StatusClock } from '@/features/public-status/components/status-clock';
import { statusDay } from '@/features/public-status/components/status-day';
import { ApiError } from '@/lib/api-client';
import { formatTime } from '@/lib/date-time';
import { useActiveSubscription } from '@/lib/subscription';
import { useTimeSettings } from '@/lib/time-settings';

/**
 * `/public_status/:id`: the circular 24-hour chart of one monitor for the day two days ago — the
 * viewer's day, in their zone (issue 15; the page says which) — from that day's raw records (6-hour
 * calls) and its downtimes, pauses and maintenance (the day's metric, asked in their zone).
 */
export default function PublicStatusRoute() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const settings = useTimeSettings();
  const [now] = useState(Date.now);
  const day = useMemo(() => statusDay(now, settings.timeZone), [now, settings.timeZone]);
  const monitor = useQuery({
    ...monitorQueryOptions(id),
    enabled: valid,
    retry: false,
  });
  const subscription = useActiveSubscription();
  // Without a plan to go by (none active, or it failed to load), the server alone decides.
  const historyDays = subscription.isPending
    ? undefined
    : (subscription.data?.subscription_plan.specifications.METRIC_HISTORY_DAYS ?? Number.POSITIVE_INFINITY);
  // Asked only when the server will answer: no day's metric before the monitor existed (issue 15: a
  // 400 in the console), no call past the plan's history. The raw records of such a day are still
  // read (results imported from elsewhere can be older than the monitor).
  const availability = monitor.data
    ? dayAvailability({
        date: day.date,
        creationTime: monitor.data.creation_time,
        historyDays,
        now,
        timeZone: settings.timeZone,
      })
    : 'unknown';
  const askRaw = valid && (availability === 'ok' || availability === 'before-creation');
  const raw = useRawRange(id, day.start, day.end, askRaw);
  // The downtimes sharpen the picture; the raw records alone suffice.
  const metric = useMetric(valid && availability === 'ok' ? id : undefined, day.date).data;

  if (!valid || (monitor.error instanceof ApiError && monitor.error.status === 404)) {
    return <Missing text="No monitor of yours has this id." />;
  }
  if (monitor.isError) return <Missing text="The monitor could not be loaded." />;
  if (!monitor.data || availability === 'unknown' || (askRaw && raw.isPending)) return <PageLoader />;

  const dayName = formatTime(day.start, settings, 'day');
  return (
    <Container size="sm" px={0}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz={{ base: 'h4', sm: 'h3' }} style={{ overflowWrap: 'anywhere' }}>
            {displayName(monitor.data)}
          </Title>
          <Text c="dimmed" size="sm">
            {dayName}, 00:00 – 24:00 <span data-testid="status-zone">({settings.timeZone})</span>
          </Text>
        </Stack>
        {availability === 'before-creation' && !raw.data?.length ? (
          <Missing text="The monitor did not exist yet on this day: there is nothing to show." />
        ) : availability === 'beyond-history' ? (
          <Missing text="Your plan does not keep the history of this day." />
        ) : raw.isError ? (
          <Missing text="The day's checks could not be loaded." />
        ) : (
          <StatusClock
            day={day}
            records={raw.data ?? []}
            downtimes={metric?.downtimes}
            paused={metric?.paused}
            maintenance={metric?.maintenance}
            periodSeconds={monitor.data.period}
            timeSettings={settings}
          />
        )}
      </Stack>
    </Container>
  );
}

function Missing({ text }: { text: string }) {
  return (
    <Center mih="40vh">
      <Stack align="center" gap="xs">
        <Text fw={600}>{text}</Text>
        <Anchor component={Link} to="/">
          Go to your monitors
        </Anchor>
      </Stack>
    </Center>
  );
}
