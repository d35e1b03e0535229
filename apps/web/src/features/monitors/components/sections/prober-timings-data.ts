import type { Metric } from '@paydar/contracts/metrics';
import { AXIS_COLOURS, FAILURE_COLOUR, PHASE_COLOURS, seriesColour } from '@/components/chart/palette';

type ProberMetric = Metric['probers'][number];

/** The probers chart reaches this far past its largest timing (spec §9), leaving room for labels. */
export const PROBERS_AXIS_HEADROOM = 1.15;

/** How a prober is named on the charts: 'Tehran (IR)'. */
export function proberLabel(prober: Pick<ProberMetric, 'name' | 'country_code'>): string {
  return prober.country_code ? `${prober.name} (${prober.country_code.toUpperCase()})` : prober.name;
}

/** 1.15 × the largest average duration, rounded up to a whole ms; null when no prober has one. */
export function timingsAxisMax(probers: readonly ProberMetric[]): number | null {
  const largest = Math.max(0, ...probers.map((prober) => prober.duration ?? 0));
  return largest > 0 ? Math.ceil(largest * PROBERS_AXIS_HEADROOM) : null;
}

/** A chart height that gives each prober a row. */
export function proberChartHeight(count: number, extra = 40): number {
  return Math.max(1, count) * 38 + extra;
}

const formatMs = (ms: number) => `${ms.toLocaleString('en-US', { maximumFractionDigits: 1 })} ms`;

/** What the bar's end says: the day's average duration. */
export function timingLabel(prober: Pick<ProberMetric, 'duration'>): string {
  return prober.duration === null ? 'no successful check' : formatMs(prober.duration);
}

/** The failures line under a prober's name; empty without failures. */
export function failuresLabel(prober: Pick<ProberMetric, 'failed'>): string {
  return prober.failed > 0 ? `${prober.failed.toLocaleString('en-US')} failed` : '';
}

/** A prober's axis label: its name, and its failures on a second, red line (ECharts rich text). */
function proberAxisLabel(prober: ProberMetric): string {
  // Braces and bars would be read as rich-text markup.
  const name = proberLabel(prober).replace(/[{}|]/g, ' ');
  const failures = failuresLabel(prober);
  return failures ? `{name|${name}}\n{failed|${failures}}` : `{name|${name}}`;
}

const proberAxisRich = {
  name: { color: AXIS_COLOURS.text, fontSize: 12, lineHeight: 15, align: 'right' },
  failed: { color: FAILURE_COLOUR, fontSize: 11, lineHeight: 14, align: 'right' },
};

/**
 * One horizontal bar per prober: the day's average duration at its end, failures under the prober's
 * name. A bar long enough carries its label inside, so the headroom past it need not fit the text.
 */
export function proberTimingsOption(probers: readonly ProberMetric[]): Record<string, unknown> {
  const max = timingsAxisMax(probers);
  const inside = (duration: number | null) => max !== null && duration !== null && duration >= max * 0.5;
  return {
    animation: false,
    grid: { left: 8, right: 16, top: 8, bottom: 24, containLabel: true },
    tooltip: {
      trigger: 'item',
      formatter: (item: { dataIndex: number }) => {
        const prober = probers[item.dataIndex];
        if (!prober) return '';
        const failures = failuresLabel(prober);
        return `${proberLabel(prober)}<br/>${timingLabel(prober)}${failures ? `<br/>${failures}` : ''}`;
      },
    },
    xAxis: {
      type: 'value',
      min: 0,
      ...(max === null ? {} : { max }),
      axisLabel: { color: AXIS_COLOURS.label, formatter: '{value} ms', hideOverlap: true },
      splitLine: { lineStyle: { color: AXIS_COLOURS.split } },
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: probers.map(proberAxisLabel),
      axisTick: { show: false },
      axisLine: { lineStyle: { color: AXIS_COLOURS.line } },
      axisLabel: { rich: proberAxisRich },
    },
    series: [
      {
        type: 'bar',
        barMaxWidth: 22,
        data: probers.map((prober, index) => ({
          value: prober.duration ?? 0,
          itemStyle: { color: seriesColour(index), borderRadius: [0, 3, 3, 0] },
          label: {
            show: true,
            position: inside(prober.duration) ? 'insideRight' : 'right',
            formatter: timingLabel(prober),
            color: inside(prober.duration) ? '#fff' : AXIS_COLOURS.text,
            fontSize: 11,
          },
        })),
      },
    ],
  };
}

export const PHASES = ['resolve', 'connect', 'tls', 'response'] as const;
export type Phase = (typeof PHASES)[number];
export const PHASE_LABELS: Record<Phase, string> = {
  resolve: 'Resolve',
  connect: 'Connect',
  tls: 'TLS',
  response: 'Response',
};

/** Each phase's values per prober, in prober order; a phase that did not happen counts as 0 ms. */
export function phaseValues(probers: readonly ProberMetric[]): Record<Phase, number[]> {
  const values = {} as Record<Phase, number[]>;
  for (const phase of PHASES) values[phase] = probers.map((prober) => prober[phase] ?? 0);
  return values;
}

/** Stacked horizontal bars per prober: resolve, connect, TLS, response (ms). */
export function phaseTimingsOption(probers: readonly ProberMetric[]): Record<string, unknown> {
  const values = phaseValues(probers);
  return {
    animation: false,
    legend: { top: 0, itemWidth: 10, itemHeight: 10, textStyle: { color: AXIS_COLOURS.label } },
    grid: { left: 8, right: 16, top: 32, bottom: 24, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (value: number) => formatMs(value) },
    xAxis: {
      type: 'value',
      min: 0,
      axisLabel: { color: AXIS_COLOURS.label, formatter: '{value} ms', hideOverlap: true },
      splitLine: { lineStyle: { color: AXIS_COLOURS.split } },
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: probers.map(proberLabel),
      axisTick: { show: false },
      axisLine: { lineStyle: { color: AXIS_COLOURS.line } },
      axisLabel: { color: AXIS_COLOURS.text },
    },
    series: PHASES.map((phase) => ({
      type: 'bar',
      name: PHASE_LABELS[phase],
      stack: 'phases',
      barMaxWidth: 22,
      itemStyle: { color: PHASE_COLOURS[phase] },
      emphasis: { focus: 'series' },
      data: values[phase],
    })),
  };
}
