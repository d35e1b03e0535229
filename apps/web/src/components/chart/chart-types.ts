/** What every chart takes; the ECharts option stays untyped here so callers need not load ECharts' types. */
export interface ChartProps {
  /** An ECharts option object (https://echarts.apache.org/en/option.html). */
  option: Record<string, unknown>;
  height: number;
  onClick?: (event: ChartClickEvent) => void;
  /** What the chart shows, for screen readers. */
  ariaLabel: string;
  testId?: string;
}

/** The part of an ECharts click event the screens use. */
export interface ChartClickEvent {
  componentType: string;
  seriesIndex?: number;
  dataIndex: number;
  data: unknown;
  value: unknown;
  name: string;
}
