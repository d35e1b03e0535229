export type HourlyApdexChartProps = {
  /** 24 hourly apdex percents, oldest first (null: no data that hour). */
  apdexPercents: readonly (number | null)[];
  /** Epoch ms at the end of the last hour shown. */
  endsAt: number;
};

/** STUB — hourly apdex for the last day in 2-hour slots (issue 4 point 4). */
export function HourlyApdexChart(_props: HourlyApdexChartProps) {
  return null;
}
