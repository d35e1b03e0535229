import type { Metric } from '@paydar/contracts/metrics';
import type { TimelineStatus } from '@paydar/domain/timeline';
import { memo, useMemo } from 'react';
import { STATUS_COLOURS } from '@/components/chart/palette';
import { useTimeSettings } from '@/lib/time-settings';
import { metricTimeline, shownDay } from '../metric-timeline';

const SEGMENT_COLOURS: Record<TimelineStatus, string> = STATUS_COLOURS;

type UptimeStripProps = {
  /** Today's figures; absent while they load (the strip is then blank). */
  metric: Metric | undefined;
};

function describe(metric: Metric | undefined): string {
  if (!metric || metric.uptime_percent === null) return 'Uptime today: no data yet';
  const count = metric.downtimes.length;
  const text = `Uptime today: ${metric.uptime_percent.toFixed(2)}%, ${count} ${count === 1 ? 'downtime' : 'downtimes'}`;
  return metric.in_maintenance_until ? `${text}; in maintenance` : text;
}

/**
 * The uptime timeline of a list item (spec §9) over the user's own day (issue 15: today in the
 * profile's zone, 23–25 hours across daylight saving), green while up, red while down, grey before
 * the first check and after now; a downtime under 300 s is a thin mark.
 * Plain positioned divs: a thousand list items must stay cheap to draw.
 */
export const UptimeStrip = memo(function UptimeStrip({ metric }: UptimeStripProps) {
  const { timeZone } = useTimeSettings();
  const timeline = useMemo(
    () => (metric ? metricTimeline(metric, shownDay('today', metric.fetch_time, timeZone)) : null),
    [metric, timeZone],
  );
  const label = describe(metric);
  return (
    <div
      role="img"
      aria-label={label}
      title={label}
      data-testid="uptime-strip"
      style={{
        position: 'relative',
        height: 10,
        borderRadius: 3,
        overflow: 'hidden',
        background: STATUS_COLOURS.none,
        flex: 1,
        minWidth: 0,
      }}
    >
      {timeline?.segments.map((segment) =>
        segment.status === 'none' ? null : (
          <div
            key={segment.from}
            data-status={segment.status}
            style={{
              position: 'absolute',
              top: 0,
              bottom: 0,
              left: `${segment.offset * 100}%`,
              width: `${segment.width * 100}%`,
              background: SEGMENT_COLOURS[segment.status],
            }}
          />
        ),
      )}
      {timeline?.marks.map((mark) => (
        <div
          key={mark.at}
          data-status="short-down"
          style={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: `calc(${mark.offset * 100}% - 1px)`,
            width: 2,
            background: SEGMENT_COLOURS.down,
          }}
        />
      ))}
    </div>
  );
});
