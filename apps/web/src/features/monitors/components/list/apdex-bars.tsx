import { HOUR_MS } from '@paydar/domain/time';
import { memo, useMemo } from 'react';
import { APDEX_COLOURS, NO_DATA_LINE_COLOUR } from '@/components/chart/palette';
import { apdexSlots } from '../sections/hourly-apdex-data';

type ApdexBarsProps = {
  /** `last_day_hourly_metrics.apdex_percents`: 24 values, oldest first; absent while they load. */
  apdexPercents: readonly (number | null)[] | undefined;
};

const BARS_HEIGHT = 18;

/**
 * The list item's apdex bars (spec §9): the last day in 2-hour slots, as the detail's chart draws
 * them — gold, silver or bad at their height (0 % a short red bar, never nothing), and a slot
 * without data an empty outline, never mistaken for a bar — but as plain divs, not a chart.
 */
export const ApdexBars = memo(function ApdexBars({ apdexPercents }: ApdexBarsProps) {
  // Only the values matter here, not the hours: any end time gives the same slots.
  const slots = useMemo(() => apdexSlots(apdexPercents ?? Array(24).fill(null), 24 * HOUR_MS), [apdexPercents]);
  const known = slots.filter((slot) => slot.percent !== null).map((slot) => slot.percent as number);
  const label = known.length
    ? `Apdex over the last day: ${Math.min(...known)}% to ${Math.max(...known)}%`
    : 'Apdex over the last day: no data';
  return (
    <div
      role="img"
      aria-label={label}
      title={label}
      data-testid="apdex-bars"
      style={{ display: 'flex', alignItems: 'flex-end', gap: 2, height: BARS_HEIGHT, flex: 'none' }}
    >
      {slots.map((slot) => (
        <div
          key={slot.start}
          data-rating={slot.rating}
          style={
            slot.percent === null
              ? { width: 4, borderRadius: 1, height: '100%', boxShadow: `inset 0 0 0 1px ${NO_DATA_LINE_COLOUR}` }
              : {
                  width: 4,
                  borderRadius: 1,
                  height: `${Math.max(15, slot.percent)}%`,
                  background: APDEX_COLOURS[slot.rating],
                }
          }
        />
      ))}
    </div>
  );
});
