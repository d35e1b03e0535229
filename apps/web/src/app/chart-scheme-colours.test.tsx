// @vitest-environment node
import { createTheme, DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { resolveCssColours } from '@/components/chart/css-colours';
import { AXIS_COLOURS, NO_DATA_COLOUR, NO_DATA_LINE_COLOUR, STATUS_COLOURS } from '@/components/chart/palette';
import { OUTSIDE_COLOUR } from '@/features/monitors/components/sections/heat-map-data';
import { hourlyApdexOption } from '@/features/monitors/components/sections/hourly-apdex-data';
import { clockOption } from '@/features/public-status/components/clock-data';
import { cssVariablesResolver } from './css-variables';

/**
 * Dark mode (issue 15): the charts' neutral colours — no data, its hatch, paused, the clock's labels —
 * come from the colour scheme, and read on the page's background in both schemes.
 */

const theme = mergeMantineTheme(DEFAULT_THEME, createTheme({}));
const variables = cssVariablesResolver(theme);
const page = { light: '#ffffff', dark: theme.colors.dark[7] };
// Mantine's own variables the palette uses, as the scheme sets them.
const mantine = {
  light: { '--mantine-color-dimmed': theme.colors.gray[6], '--mantine-color-text': '#000000' },
  dark: { '--mantine-color-dimmed': theme.colors.dark[2], '--mantine-color-text': theme.colors.dark[0] },
};
const reader = (scheme: 'light' | 'dark') => (name: string) =>
  (variables[scheme] as Record<string, string>)[name] ?? (mantine[scheme] as Record<string, string>)[name] ?? '';

/** WCAG relative luminance contrast of two '#rrggbb' colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((at) => {
      const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe.each(['light', 'dark'] as const)('chart colours in the %s scheme', (scheme) => {
  const resolve = (colour: string) => resolveCssColours(colour, reader(scheme));

  it('gives no data, its hatch and paused a colour of the scheme, each apart from the page', () => {
    const noData = resolve(NO_DATA_COLOUR);
    const line = resolve(NO_DATA_LINE_COLOUR);
    const paused = resolve(STATUS_COLOURS.paused);
    for (const colour of [noData, line, paused]) expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
    expect(contrast(noData, page[scheme])).toBeGreaterThan(1.2);
    // A hatch is thin lines: they need more contrast than a filled area.
    expect(contrast(line, page[scheme])).toBeGreaterThan(1.4);
    expect(contrast(line, page[scheme])).toBeGreaterThan(contrast(noData, page[scheme]));
    // Paused never reads as no data.
    expect(contrast(paused, noData)).toBeGreaterThan(1.5);
    // A heat-map day still to come is fainter than a day without data: nearer the page.
    const outside = resolve(OUTSIDE_COLOUR);
    expect(contrast(outside, page[scheme])).toBeLessThan(contrast(noData, page[scheme]));
    expect(contrast(outside, noData)).toBeGreaterThan(1.15);
  });

  it("writes the clock's hour labels and the axes in readable text colours", () => {
    const option = resolveCssColours(clockOption([]), reader(scheme)) as {
      angleAxis: { axisLabel: { color: string }; axisTick: { lineStyle: { color: string } } };
    };
    expect(contrast(option.angleAxis.axisLabel.color, page[scheme])).toBeGreaterThan(4.5);
    expect(contrast(option.angleAxis.axisTick.lineStyle.color, page[scheme])).toBeGreaterThan(2.5);
    expect(contrast(resolve(AXIS_COLOURS.label), page[scheme])).toBeGreaterThan(3);
  });

  it("draws the apdex chart's no-data hatch in the line colour, not a fixed grey", () => {
    const option = hourlyApdexOption([
      { start: 0, end: 7_200_000, percent: null, rating: 'disabled', kind: 'none', spans: [] },
    ]) as {
      series: Array<{ data: Array<{ itemStyle: { borderColor: string; decal: { color: string } } }> }>;
    };
    const bar = option.series[0]?.data[0];
    expect(bar?.itemStyle.decal.color).toBe(NO_DATA_LINE_COLOUR);
    expect(bar?.itemStyle.borderColor).toBe(NO_DATA_LINE_COLOUR);
  });
});
