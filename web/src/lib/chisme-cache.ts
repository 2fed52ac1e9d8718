// Patches one chisme wherever the app has it cached (feed pages, profile lists, a shared
// link's page), so likes and live counters stay consistent across screens without refetching.
// Lists go through their owner (lib/cached-lists.ts); plain keys through SWR's key filter.
import type { ScopedMutator } from 'swr';
import { keysOf, patchLists } from './cached-lists';
import type { FeedChisme } from './feed-chisme';

type Patch = (chisme: FeedChisme) => FeedChisme;

/** The plain keys that hold chismes: `['chisme', id]` and `['my-chismes', user, mode]`. */
const chismeKeys = keysOf('chisme', 'my-chismes');

function isChisme(value: unknown): value is FeedChisme {
  return typeof value === 'object' && value !== null && 'id' in value && 'liked_by_me' in value;
}

/** Maps the chisme with `id` inside arrays (or arrays of pages), or a single cached chisme (the
 * /chismes/:id page); null when it is not there. */
export function mapChismeIn(data: unknown, id: string, patch: Patch): unknown | null {
  if (isChisme(data)) return data.id === id ? patch(data) : null;
  if (!Array.isArray(data)) return null;
  let found = false;
  const next = data.map((item: unknown) => {
    if (isChisme(item) && item.id === id) {
      found = true;
      return patch(item);
    }
    if (Array.isArray(item)) {
      const inner = mapChismeIn(item, id, patch);
      if (inner) {
        found = true;
        return inner;
      }
    }
    return item;
  });
  return found ? next : null;
}

export function patchChismeEverywhere(mutate: ScopedMutator, id: string, patch: Patch): void {
  patchLists('feed', (pages) => mapChismeIn(pages, id, patch) as unknown[][] | null, { inPlace: true });
  void mutate(chismeKeys, (data: unknown) => mapChismeIn(data, id, patch) ?? data, { revalidate: false });
}

const isRecentFeedOf = (cotilleo: boolean) => (firstKey: readonly unknown[]) => firstKey[1] === 'recent' && firstKey[2] === cotilleo;

/** Puts a chisme the user just published at the top of the recent feeds of its mode. */
export function prependToRecentFeeds(chisme: FeedChisme): void {
  patchLists(
    'feed',
    (pages) => {
      const [first = [], ...rest] = (pages as FeedChisme[][]).map((page) => page.filter((c) => c.id !== chisme.id));
      return [[chisme, ...first], ...rest];
    },
    { accept: isRecentFeedOf(chisme.cotilleo) },
  );
}

/** Drops a chisme from every feed (not from the author's own lists): it was hidden by
 * moderation or the user reported it. The author keeps seeing their own in feeds too. */
export function removeFromFeeds(id: string): void {
  patchLists('feed', (pages) => {
    const feedPages = pages as FeedChisme[][];
    if (!feedPages.some((page) => Array.isArray(page) && page.some((c) => c.id === id && !c.is_mine))) return null;
    return feedPages.map((page) => page.filter((c) => c.id !== id));
  });
}
