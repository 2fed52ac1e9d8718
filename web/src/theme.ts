// The one Mantine theme. Cotilleo mode swaps the primary colour (purple/rose) for casual's blue.
import { createTheme, type MantineColorsTuple } from '@mantine/core';

const rose: MantineColorsTuple = [
  '#fff0f6', '#ffdeeb', '#fcc2d7', '#faa2c1', '#f783ac',
  '#f06595', '#e64980', '#d6336c', '#c2255c', '#a61e4d',
];

export function buildTheme(cotilleo: boolean) {
  return createTheme({
    primaryColor: cotilleo ? 'grape' : 'blue',
    colors: { rose },
    defaultRadius: 'md',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    focusRing: 'auto',
  });
}
