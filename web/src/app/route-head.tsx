// Per-route <title> and the screen's one h1 (visually hidden where the screen shows none itself).
import { VisuallyHidden } from '@mantine/core';
import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { feedTabs, paths } from '../config/paths';
import { titles } from '../i18n/es/titles';

/** The screen's name for a path, or null for paths that only redirect. */
export function screenTitle(pathname: string): string | null {
  if (pathname === paths.login) return titles.login;
  const tab = feedTabs.find((t) => paths.feed[t] === pathname);
  if (tab) return titles.feed[tab];
  if (pathname === paths.profile) return titles.profile;
  if (pathname === paths.notifications) return titles.notifications;
  if (pathname === paths.moderation) return titles.moderation;
  if (matchPath(paths.chismePattern, pathname)) return titles.chisme;
  return null;
}

/** The document title: the screen's name, then the brand (the welcome title already has it). */
export function documentTitle(screen: string | null): string {
  if (!screen) return titles.brand;
  return screen === titles.login ? screen : `${screen} · ${titles.brand}`;
}

export function RouteHead() {
  const { pathname } = useLocation();
  const screen = screenTitle(pathname);
  useEffect(() => {
    document.title = documentTitle(screen);
  }, [screen]);
  // /login shows its own visible h1 (the welcome title).
  if (!screen || pathname === paths.login) return null;
  return <VisuallyHidden component="h1">{screen}</VisuallyHidden>;
}
