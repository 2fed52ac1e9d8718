// The one Mantine theme. Cotilleo mode swaps the primary colour (purple/rose) for casual's blue.
// Contrast is fixed here, at the source, for WCAG AA (4.5:1 for text): filled colours use shade 8
// (white on blue 8 is 5.0:1, on grape 8 5.8:1, red text 8 4.5:1) and the dimmed and placeholder
// greys are one step darker (light) / lighter (dark) than Mantine's defaults (3.3:1, 2.1:1).
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const rose: MantineColorsTuple = [
  '#fff0f6', '#ffdeeb', '#fcc2d7', '#faa2c1', '#f783ac',
  '#f06595', '#e64980', '#d6336c', '#c2255c', '#a61e4d',
];

/** Overrides Mantine's low-contrast text greys in both schemes (merged after the defaults). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
  },
});

export function buildTheme(cotilleo: boolean) {
  return createTheme({
    primaryColor: cotilleo ? 'grape' : 'blue',
    primaryShade: { light: 8, dark: 8 },
    colors: { rose },
    defaultRadius: 'md',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    focusRing: 'auto',
    respectReducedMotion: true,
  });
}
