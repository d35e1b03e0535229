import { Box, Group, Text, Tooltip } from '@mantine/core';
import type { Metric } from '@paydar/contracts/metrics';
import { formatSeconds } from '@paydar/domain/format';
import { STATUS_COLOURS, STATUS_LABELS } from '@/components/chart/palette';
import { useFormatTime, useTimeSettings } from '@/lib/time-settings';
import type { MetricDay } from '../../api/get-metric';
import { metricTimeline, shownDay } from '../metric-timeline';

type DayTimelineProps = {
  metric: Pick<Metric, 'downtimes' | 'paused' | 'first_check_at' | 'fetch_time'> & Partial<Pick<Metric, 'maintenance'>>;
  day: MetricDay;
};

/** A mark narrower than this would vanish; downtimes under 300 s are drawn at this width (spec §9). */
const SMALL_MARK_PX = 3;
/** A paused band narrower than this share of the day has no room for its label (its tooltip still says it). */
const LABEL_MIN_WIDTH = 0.06;

function describe(metric: DayTimelineProps['metric']): string {
  const downtimes = metric.downtimes.length;
  const base = `Timeline of the day: ${downtimes} ${downtimes === 1 ? 'downtime' : 'downtimes'}`;
  const pauses = metric.paused.length;
  const withPauses = pauses ? `${base}, paused ${pauses} ${pauses === 1 ? 'time' : 'times'}` : base;
  const windows = metric.maintenance?.length ?? 0;
  return windows ? `${withPauses}, in maintenance ${windows} ${windows === 1 ? 'time' : 'times'}` : withPauses;
}

/**
 * The shown day as a bar (the reader's local day, 23–25 hours across daylight saving), labelled from its
 * start to now (today, never a time still to come) or to its end (a past day): green while watched and up, red where down, a grey band labelled
 * 'Paused' while the monitor was paused, light grey before the first check and after now. A
 * downtime under 300 s is a small mark of fixed width.
 */
export function DayTimeline({ metric, day }: DayTimelineProps) {
  const format = useFormatTime();
  // Today is the reader's day: the profile's zone, or on a shared page the visitor's browser's.
  const { start, end } = shownDay(day, metric.fetch_time, useTimeSettings().timeZone);
  const { segments, marks } = metricTimeline(metric, { start, end });
  const now = Date.parse(metric.fetch_time);
  const rows = segmentsEndingNow(metric);
  const until = (status: string, to: number) => (to >= Math.min(end, now) && rows[status] ? 'Now' : format(to));
  return (
    <Box>
      <Box
        role="img"
        aria-label={describe(metric)}
        pos="relative"
        h={18}
        style={{ borderRadius: 4, overflow: 'hidden', background: STATUS_COLOURS.none }}
      >
        {segments.map((segment) =>
          segment.status === 'none' ? null : (
            <Tooltip
              key={segment.from}
              disabled={segment.status === 'up'}
              label={`${segment.status === 'paused' || segment.status === 'maintenance' ? `${STATUS_LABELS[segment.status]} ` : ''}${format(segment.from)} – ${until(segment.status, segment.to)} (${formatSeconds(Math.round((segment.to - segment.from) / 1000))})`}
              withArrow
            >
              <Box
                data-status={segment.status}
                pos="absolute"
                top={0}
                bottom={0}
                style={{
                  left: `${segment.offset * 100}%`,
                  width: `${segment.width * 100}%`,
                  background: STATUS_COLOURS[segment.status],
                  color: 'white',
                  fontSize: 11,
                  lineHeight: '18px',
                  textAlign: 'center',
                  overflow: 'hidden',
                  whiteSpace: 'nowrap',
                  textOverflow: 'ellipsis',
                }}
              >
                {(segment.status === 'paused' || segment.status === 'maintenance') && segment.width >= LABEL_MIN_WIDTH
                  ? STATUS_LABELS[segment.status]
                  : null}
              </Box>
            </Tooltip>
          ),
        )}
        {marks.map((mark) => (
          <Tooltip key={mark.at} label={`${format(mark.at)} (${formatSeconds(mark.seconds)})`} withArrow>
            <Box
              data-small
              pos="absolute"
              top={3}
              bottom={3}
              style={{
                left: `${mark.offset * 100}%`,
                width: SMALL_MARK_PX,
                borderRadius: 2,
                background: STATUS_COLOURS.down,
              }}
            />
          </Tooltip>
        ))}
      </Box>
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          {format(start, 'day-time')}
        </Text>
        <Text size="xs" c="dimmed">
          {now < end ? `Now, ${format(now, 'hour-minute')}` : format(end, 'day-time')}
        </Text>
      </Group>
    </Box>
  );
}

/** Which kinds of stretch are still going on (their tooltip ends 'Now' rather than at a time). */
function segmentsEndingNow(metric: DayTimelineProps['metric']): Record<string, boolean> {
  return {
    down: metric.downtimes.some((row) => row.to_time === null),
    paused: metric.paused.some((row) => row.to_time === null),
    maintenance: (metric.maintenance ?? []).some((row) => row.to_time === null),
  };
}
