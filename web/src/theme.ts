// The one Mantine theme. Cotilleo mode swaps the primary colour (purple/rose) for casual's blue.
// Contrast is fixed here, at the source, for WCAG AA (4.5:1 for text): filled colours use shade 8
// (white on blue 8 is 5.0:1, on grape 8 5.8:1, red text 8 4.5:1) and the dimmed and placeholder
// greys are one step darker (light) / lighter (dark) than Mantine's defaults (3.3:1, 2.1:1).
import { createTheme, darken, keys, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const rose: MantineColorsTuple = ['#fff0f6', '#ffdeeb', '#fcc2d7', '#faa2c1', '#f783ac', '#f06595', '#e64980', '#d6336c', '#c2255c', '#a61e4d'];

/** Light-variant text (badges, liked button) one step darker than shade 9: green 9 on green 1 is 3.8:1. */
const lightVariantText = (theme: Parameters<CSSVariablesResolver>[0]) =>
  Object.fromEntries(keys(theme.colors).map((color) => [`--mantine-color-${color}-light-color`, darken(theme.colors[color]?.[9] ?? theme.black, 0.3)]));

/** Overrides Mantine's low-contrast text colours in both schemes (merged after the defaults). */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    ...lightVariantText(theme),
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    // An invalid field's text and message: red 8 is 4.5:1 on white only just (axe flagged it).
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
    // Red 6 is 4.2:1 on the dark input surface; red 4 is over 5.
    '--mantine-color-error': 'var(--mantine-color-red-4)',
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
    components: {
      // Mantine puts a focusable role="presentation" placeholder first in every menu (so a
      // click does not highlight the first item); axe reads it as a child a menu may not have
      // (aria-required-children, critical). Without it the menu itself takes the focus, and the
      // arrow keys move through the items as before. A plain object, not Menu.extend: the
      // theme is in the entry chunk, the menu is not.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    },
  });
}
