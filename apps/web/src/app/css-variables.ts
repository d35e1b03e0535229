import type { CSSVariablesResolver, MantineTheme } from '@mantine/core';

type Shade = (theme: MantineTheme) => string;

/**
 * The app's own colours, [light, dark] for each, so every screen reads the same in both schemes.
 * Screens use these (or Mantine's scheme-aware variables such as --mantine-color-body,
 * --mantine-color-default-border, --mantine-color-<c>-light) instead of fixed shades.
 * The chart variables are for canvas charts, which read them with getComputedStyle.
 */
const SCHEME_COLORS: Record<string, [light: Shade, dark: Shade]> = {
  '--paydar-page-bg': [(t) => t.colors.gray[0], (t) => t.colors.dark[8]],
  '--paydar-subtle-bg': [(t) => t.colors.gray[0], (t) => t.colors.dark[6]],
  '--paydar-muted-icon': [(t) => t.colors.gray[6], (t) => t.colors.dark[2]],
  '--paydar-card-border': [(t) => t.colors.gray[3], (t) => t.colors.dark[4]],
  '--paydar-down-border': [(t) => t.colors.red[3], (t) => t.colors.red[8]],
  '--paydar-chart-text': [(t) => t.colors.gray[7], (t) => t.colors.dark[1]],
  '--paydar-chart-axis': [(t) => t.colors.gray[6], (t) => t.colors.dark[2]],
  '--paydar-chart-grid': [(t) => t.colors.gray[2], (t) => t.colors.dark[4]],
  // No data: a fill and, for hatches and outlines, a stronger line. Paused is a stronger grey than
  // no data in both schemes (lighter on the dark page), so the two never read alike.
  '--paydar-chart-no-data': [(t) => t.colors.gray[3], (t) => t.colors.dark[4]],
  '--paydar-chart-no-data-line': [(t) => t.colors.gray[4], (t) => t.colors.dark[2]],
  '--paydar-chart-paused': [(t) => t.colors.gray[5], (t) => t.colors.dark[1]],
};

const schemeValues = (theme: MantineTheme, index: 0 | 1) =>
  Object.fromEntries(Object.entries(SCHEME_COLORS).map(([name, shades]) => [name, shades[index](theme)]));

export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: schemeValues(theme, 0),
  dark: schemeValues(theme, 1),
});
