// Fast first load of a feed: the feed's first page is asked for before the feed mounts, and the
// feed's fetcher takes that request (lib/early-request.ts). Usually index.html's first-load
// script (app/first-load/boot.ts) has already asked with the stored token, and this adopts its
// answer; otherwise (a token about to expire, which supabase-js refreshes first) it asks as soon
// as supabase-js confirms the session, in parallel with the first render.
// A shared link /chismes/:id and /profile/ get the same from the first-load script: their
// request is left under their fetcher's key (features/chisme/api/get-chisme.ts,
// features/profile/api/get-my-chismes.ts).
// Called once from main.tsx.
import { feedTabs, paths, type FeedTab } from '../config/paths';
import { adoptEarlyFirstPage, startEarlyFirstPage } from '../features/feed/api/get-feed';
import { mightHaveSession } from '../lib/auth';
import { cotilleoStorageKey } from '../config/storage-keys';
import { rememberEarly } from '../lib/early-request';
import { takeFirstFeed, takeFirstScreen } from './first-load/handoff';

/** The feed a path opens (`/` and `/chismes` redirect to the recent one), if any. */
export function feedTabOf(pathname: string): FeedTab | undefined {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  if (path === paths.home || path === '/chismes/') return 'recent';
  return feedTabs.find((tab) => paths.feed[tab] === path);
}

/** The mode the feed will open in: the JSON boolean useCotilleoMode keeps in localStorage. */
export function storedCotilleo(storage: Pick<Storage, 'getItem'>): boolean {
  try {
    return JSON.parse(storage.getItem(cotilleoStorageKey) ?? 'false') === true;
  } catch {
    return false;
  }
}

export function startEarlyFeed(): void {
  const screen = takeFirstScreen(window);
  if (screen) rememberEarly(screen.key, screen.page, screen.at, screen.rows);
  const tab = feedTabOf(window.location.pathname);
  if (!tab || !mightHaveSession(window.localStorage, window.location)) return;
  const cotilleo = storedCotilleo(window.localStorage);
  const first = takeFirstFeed(window);
  const adoptable = first !== undefined && first.tab === tab && first.cotilleo === cotilleo;
  if (adoptable) {
    adoptEarlyFirstPage(tab, cotilleo, first);
    return;
  }
  startEarlyFirstPage(tab, cotilleo).catch(() => undefined); // The feed asks again when it mounts.
}
