import type { CSSVariablesResolver } from '@mantine/core';

/**
 * The app's own colours, one value per scheme, so every screen reads the same in light and dark.
 * Screens use these (or Mantine's scheme-aware variables such as --mantine-color-body,
 * --mantine-color-default-border, --mantine-color-<c>-light) instead of fixed shades.
 * The chart variables are for canvas charts, which read them with getComputedStyle.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--paydar-page-bg': theme.colors.gray[0],
    '--paydar-subtle-bg': theme.colors.gray[0],
    '--paydar-muted-icon': theme.colors.gray[6],
    '--paydar-card-border': theme.colors.gray[3],
    '--paydar-down-border': theme.colors.red[3],
    '--paydar-chart-text': theme.colors.gray[7],
    '--paydar-chart-axis': theme.colors.gray[6],
    '--paydar-chart-grid': theme.colors.gray[2],
    '--paydar-chart-no-data': theme.colors.gray[3],
  },
  dark: {
    '--paydar-page-bg': theme.colors.dark[8],
    '--paydar-subtle-bg': theme.colors.dark[6],
    '--paydar-muted-icon': theme.colors.dark[2],
    '--paydar-card-border': theme.colors.dark[4],
    '--paydar-down-border': theme.colors.red[8],
    '--paydar-chart-text': theme.colors.dark[1],
    '--paydar-chart-axis': theme.colors.dark[2],
    '--paydar-chart-grid': theme.colors.dark[4],
    '--paydar-chart-no-data': theme.colors.dark[5],
  },
});
