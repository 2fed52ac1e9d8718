// Patches one chisme wherever SWR has it cached (feed pages, profile lists), so likes and live
// counters stay consistent across screens without refetching.
import type { Cache, ScopedMutator } from 'swr';
import type { FeedChisme } from './feed-chisme';

type Patch = (chisme: FeedChisme) => FeedChisme;

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

export function patchChismeEverywhere(cache: Cache, mutate: ScopedMutator, id: string, patch: Patch) {
  for (const key of cache.keys()) {
    const next = mapChismeIn(cache.get(key)?.data, id, patch);
    if (next) void mutate(key, next, { revalidate: false });
  }
}

/** Puts a chisme the user just published at the top of the cached recent feeds of its mode. */
export function prependToRecentFeeds(cache: Cache, mutate: ScopedMutator, chisme: FeedChisme) {
  const prefix = `$inf$@"feed","recent",${String(chisme.cotilleo)},`;
  for (const key of cache.keys()) {
    const pages = cache.get(key)?.data as FeedChisme[][] | undefined;
    if (!key.startsWith(prefix) || !Array.isArray(pages)) continue;
    const [first = [], ...rest] = pages.map((page) => page.filter((c) => c.id !== chisme.id));
    void mutate(key, [[chisme, ...first], ...rest], { revalidate: false });
  }
}

/** Drops a chisme from every cached feed (not from the author's own lists): it was hidden by
 * moderation or the user reported it. The author keeps seeing their own in feeds too. */
export function removeFromFeeds(cache: Cache, mutate: ScopedMutator, id: string) {
  for (const key of cache.keys()) {
    const pages = cache.get(key)?.data as FeedChisme[][] | undefined;
    if (!key.startsWith('$inf$@"feed"') || !Array.isArray(pages)) continue;
    if (!pages.some((page) => Array.isArray(page) && page.some((c) => c.id === id && !c.is_mine))) continue;
    void mutate(
      key,
      pages.map((page) => page.filter((c) => c.id !== id)),
      { revalidate: false },
    );
  }
}
