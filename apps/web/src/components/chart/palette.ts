import type { ApdexRating } from '@paydar/domain/apdex';
import type { BucketQuality } from '@paydar/domain/buckets';
import type { HeatMapColour } from '@paydar/domain/heat-map';

/**
 * The spec's colours (§9) in one place, so every chart and badge agrees: apdex ratings, response-time
 * bucket quality, heat-map days and up/down. Hex values from Mantine's default palette: they read on
 * a light and a dark page alike. The neutral colours (axes, grid, no data) follow the colour scheme:
 * they are Mantine theme CSS variables (`var(--mantine-…, fallback)`), used as they are in CSS and
 * resolved against the chart's element before ECharts draws (css-colours.ts).
 */

/** Apdex: gold at 90 or above, silver 75 to under 90, bad below, disabled when null. */
export const APDEX_COLOURS: Record<ApdexRating, string> = {
  gold: '#f2b705',
  silver: '#8c9bab',
  bad: '#fa5252',
  disabled: 'var(--mantine-color-default-border, #dee2e6)',
};

/** Response-time buckets: good up to the apdex bucket, tolerated two more, then frustrated. */
export const QUALITY_COLOURS: Record<BucketQuality, string> = {
  good: '#40c057',
  tolerated: '#fab005',
  frustrated: '#fa5252',
};

/** Heat-map days: no downtime, under 15 minutes, 15 minutes or more. */
export const HEAT_MAP_COLOURS: Record<HeatMapColour, string> = {
  green: '#40c057',
  yellow: '#fcc419',
  red: '#fa5252',
};

/** A day or a time without data: a fill (css-variables.ts gives it per scheme). */
export const NO_DATA_COLOUR = 'var(--paydar-chart-no-data, #dee2e6)';
/** The lines of the no-data hatch and outline: stronger than the fill, so they read on a dark page too. */
export const NO_DATA_LINE_COLOUR = 'var(--paydar-chart-no-data-line, #ced4da)';
/** Failed checks. */
export const FAILURE_COLOUR = '#c92a2a';

/** Up and down over time (the public 24-hour clock): the heat map's green and red; paused a stronger grey than no data (per scheme). */
export const STATUS_COLOURS = {
  up: HEAT_MAP_COLOURS.green,
  down: HEAT_MAP_COLOURS.red,
  paused: 'var(--paydar-chart-paused, #adb5bd)',
  /** A maintenance window (issue 14): neither up nor down; blue, apart from the greys and the red/green. */
  maintenance: '#4dabf7',
  /** A failure being re-checked: neither up nor yet down. */
  confirming: '#fd7e14',
  none: NO_DATA_COLOUR,
} as const;

/** What each status is called wherever it is drawn (timelines, the clock, their legends and tooltips). */
export const STATUS_LABELS = {
  up: 'Up',
  down: 'Down',
  paused: 'Paused',
  maintenance: 'Maintenance',
  confirming: 'Confirming',
  none: 'No data',
} as const satisfies Record<keyof typeof STATUS_COLOURS, string>;

/** The phases of a check, in the order they happen. */
export const PHASE_COLOURS = {
  resolve: '#748ffc',
  connect: '#4dabf7',
  tls: '#9775fa',
  response: '#20c997',
} as const;

/** One colour per prober, in the order the probers are listed (repeats past six). */
export const SERIES_COLOURS = ['#228be6', '#7950f2', '#15aabf', '#fd7e14', '#e64980', '#12b886'] as const;

export function seriesColour(index: number): string {
  return SERIES_COLOURS[index % SERIES_COLOURS.length] as string;
}

/** Axis lines, labels and grid lines. */
export const AXIS_COLOURS = {
  label: 'var(--mantine-color-dimmed, #868e96)',
  line: 'var(--mantine-color-default-border, #dee2e6)',
  split: 'var(--mantine-color-gray-light, #f1f3f5)',
  /** Text drawn on the chart itself (axis names of the prober charts). */
  text: 'var(--mantine-color-text, #495057)',
} as const;

/** The card behind a chart: gaps between heat-map cells are drawn in it. */
export const SURFACE_COLOUR = 'var(--mantine-color-body, #fff)';
