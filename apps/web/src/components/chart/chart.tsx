import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { ChartProps } from './chart-types';

export type { ChartClickEvent, ChartProps } from './chart-types';

// The chart code (ECharts, ~1 MB before gzip) is its own chunk, fetched when a chart first renders.
const EChartsCanvas = lazy(() => import('./echarts-canvas'));

/** A chart; a skeleton of the same height while the chart code loads. */
export function Chart(props: ChartProps) {
  return (
    <Suspense fallback={<Skeleton height={props.height} radius="sm" />}>
      <EChartsCanvas {...props} />
    </Suspense>
  );
}
