import { useComputedColorScheme } from '@mantine/core';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef } from 'react';
import type { ChartClickEvent, ChartProps } from './chart-types';
import { cssVariableReader, resolveCssColours } from './css-colours';
import { echarts } from './echarts-setup';

/**
 * One ECharts instance on a div: created on mount, updated with each option and colour scheme (the
 * option's CSS variables read on the div), resized with its box.
 */
export default function EChartsCanvas({ option, height, onClick, ariaLabel, testId }: ChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const clickHandler = useRef(onClick);
  const scheme = useComputedColorScheme('light');
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new colour scheme changes the CSS variables read inside.
  useEffect(() => {
    if (!chart.current || !element.current) return;
    const resolved = resolveCssColours(option, cssVariableReader(element.current));
    chart.current.setOption(resolved as EChartsCoreOption, { notMerge: true });
  }, [option, scheme]);

  return (
    <div
      ref={element}
      style={{ width: '100%', height }}
      role="img"
      aria-label={ariaLabel}
      data-testid={testId}
      data-color-scheme={scheme}
    />
  );
}
