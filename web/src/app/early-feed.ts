// Fast first load of a feed: as soon as the stored session is confirmed, ask for the feed's
// first page, in parallel with the feed's route chunk and React's first render, instead of after
// both. The feed's fetcher takes this request (lib/early-request.ts). Called once from main.tsx.
import { feedTabs, paths, type FeedTab } from '../config/paths';
import { mightHaveSession } from '../lib/auth';
import { cotilleoStorageKey } from '../hooks/use-cotilleo-mode';

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
  const tab = feedTabOf(window.location.pathname);
  if (!tab || !mightHaveSession(window.localStorage, window.location)) return;
  const cotilleo = storedCotilleo(window.localStorage);
  void import('../features/feed/api/get-feed')
    .then((feedApi) => feedApi.startEarlyFirstPage(tab, cotilleo))
    .catch(() => undefined); // The feed asks again when it mounts.
}
