import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef } from 'react';
import type { ChartClickEvent, ChartProps } from './chart-types';
import { echarts } from './echarts-setup';

/** One ECharts instance on a div: created on mount, updated with each option, resized with its box. */
export default function EChartsCanvas({ option, height, onClick, ariaLabel, testId }: ChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const clickHandler = useRef(onClick);
  clickHandler.current = onClick;

  useEffect(() => {
    if (!element.current) return;
    const instance = echarts.init(element.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.on('click', (event) => clickHandler.current?.(event as unknown as ChartClickEvent));
    // Marks the box once the first option has been drawn: tests and timings wait for it.
    const box = element.current;
    instance.on('finished', () => {
      if (chart.current === instance) box.dataset.rendered = 'true';
    });
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(element.current);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option as EChartsCoreOption, { notMerge: true });
  }, [option]);

  return <div ref={element} style={{ width: '100%', height }} role="img" aria-label={ariaLabel} data-testid={testId} />;
}
