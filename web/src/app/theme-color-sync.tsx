// Keeps the browser's theme-color (address bar, installed app title bar) on the colour scheme the
// user chose in the menu, which may differ from the system's (index.html's media-query defaults).
import { useComputedColorScheme } from '@mantine/core';
import { useEffect } from 'react';

export const themeColors = { light: '#ffffff', dark: '#242424' } as const;

export function ThemeColorSync() {
  const scheme = useComputedColorScheme('light');
  useEffect(() => {
    document.querySelectorAll('meta[name="theme-color"]').forEach((meta) => meta.setAttribute('content', themeColors[scheme]));
  }, [scheme]);
  return null;
}
