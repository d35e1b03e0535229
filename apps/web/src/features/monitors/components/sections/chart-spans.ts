import type { Metric } from '@paydar/contracts/metrics';
import type { Span } from '@paydar/domain/downtimes';
import { STATUS_COLOURS } from '@/components/chart/palette';

/**
 * The spans a monitor was paused or in maintenance, as the charts draw them: neither up nor down,
 * so a chart over time shades them rather than showing them as missing data. The timeline draws
 * the same spans in the same colours.
 */
export interface ChartSpans {
  paused: Span[];
  maintenance: Span[];
}

export const NO_SPANS: ChartSpans = { paused: [], maintenance: [] };

export type SpanKind = keyof ChartSpans;

export const SPAN_LABELS: Record<SpanKind, string> = { paused: 'Paused', maintenance: 'In maintenance' };
export const SPAN_COLOURS: Record<SpanKind, string> = {
  paused: STATUS_COLOURS.paused,
  maintenance: STATUS_COLOURS.maintenance,
};

type SpanRow = { from_time: string; to_time: string | null };

/** Rows of the metric (or trends) answer as spans; one still going on ends at `now`. */
export function spansOf(
  rows: { paused: readonly SpanRow[]; maintenance: readonly SpanRow[] },
  now: number,
): ChartSpans {
  const toSpan = (row: SpanRow): Span => ({
    from: Date.parse(row.from_time),
    to: row.to_time === null ? now : Date.parse(row.to_time),
  });
  const valid = (span: Span) => Number.isFinite(span.from) && Number.isFinite(span.to) && span.to > span.from;
  return {
    paused: rows.paused.map(toSpan).filter(valid),
    maintenance: rows.maintenance.map(toSpan).filter(valid),
  };
}

/** The metric answer's spans for the day. */
export const metricSpans = (metric: Pick<Metric, 'paused' | 'maintenance' | 'fetch_time'>) =>
  spansOf(metric, Date.parse(metric.fetch_time));

/** The metric answer's spans for the hourly chart's 24 hours (today's reach into yesterday). */
export const hourlySpans = (metric: Pick<Metric, 'last_day_hourly_metrics' | 'fetch_time'>) =>
  spansOf(metric.last_day_hourly_metrics, Date.parse(metric.fetch_time));

/** Milliseconds of [from, to) that `spans` cover (they do not overlap one another). */
export function coveredMs(spans: readonly Span[], from: number, to: number): number {
  return spans.reduce((total, span) => total + Math.max(0, Math.min(span.to, to) - Math.max(span.from, from)), 0);
}

/** Which kinds of span touch [from, to). */
export function spanKindsIn(spans: ChartSpans, from: number, to: number): SpanKind[] {
  return (Object.keys(spans) as SpanKind[]).filter((kind) => coveredMs(spans[kind], from, to) > 0);
}

/** A legend entry per kind of span present, for the charts that shade them. */
export function spanLegend(spans: ChartSpans): Array<{ label: string; colour: string }> {
  return (Object.keys(spans) as SpanKind[])
    .filter((kind) => spans[kind].length > 0)
    .map((kind) => ({ label: SPAN_LABELS[kind], colour: SPAN_COLOURS[kind] }));
}

/**
 * One empty line series per kind of span present, carrying the spans as shaded mark areas over a
 * time axis (`[from, to]` in epoch ms); its name puts the kind in the chart's own legend.
 */
export function spanSeries(spans: ChartSpans, range: { from: number; to: number }): Array<Record<string, unknown>> {
  return (Object.keys(spans) as SpanKind[])
    .map((kind) => ({
      kind,
      areas: spans[kind]
        .map((span) => ({ from: Math.max(span.from, range.from), to: Math.min(span.to, range.to) }))
        .filter((span) => span.to > span.from),
    }))
    .filter(({ areas }) => areas.length > 0)
    .map(({ kind, areas }) => ({
      type: 'line',
      name: SPAN_LABELS[kind],
      data: [],
      itemStyle: { color: SPAN_COLOURS[kind] },
      markArea: {
        silent: true,
        itemStyle: { color: SPAN_COLOURS[kind], opacity: 0.25 },
        data: areas.map((area) => [{ xAxis: area.from }, { xAxis: area.to }]),
      },
    }));
}
