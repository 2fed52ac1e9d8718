// One page of a feed (rpc get_feed, keyset pagination). supabase-js is imported when a page is
// asked for (lib/rpc.ts): the first page usually comes from index.html's first-load script, so
// the feed renders without waiting for supabase-js (web/README.md, "First load").
import { limits } from '../../../config/limits';
import type { FeedTab } from '../../../config/paths';
import { peekEarly, rememberEarly, takeEarly, wantsEarly } from '../../../lib/early-request';
import { expectFeedChismes, type FeedChisme, isFeedChismes } from '../../../lib/feed-chisme';
import { emptyFilters, type FeedFilters } from '../../../lib/feed-filters';
import { getArgs } from '../../../lib/get-args';
import { withOwnChismes } from '../../../lib/own-content';
import { rpc } from '../../../lib/rpc';
import { matchesFilters } from '../utils/matches-filters';

export type FeedCursor = { createdAt: string; likes: number; id: string };

export type FeedPageKey = readonly ['feed', FeedTab, boolean, FeedFilters, FeedCursor | null];

export const feedKeys = {
  page: (tab: FeedTab, cotilleo: boolean, filters: FeedFilters, cursor: FeedCursor | null): FeedPageKey => ['feed', tab, cotilleo, filters, cursor] as const,
};

export function cursorAfter(chisme: FeedChisme): FeedCursor {
  return { createdAt: chisme.created_at, likes: chisme.likes, id: chisme.id };
}

// The cursor after each fetched page's last card, as it was when the page was fetched (by the
// card's id, which no patch changes). A live count patched on that card since must not move
// the next page's key: that would refetch the page under the reader.
const fetchedCursors = new Map<string, FeedCursor>();
const MAX_CURSORS = 2_000;

/** Takes the snapshot after a page just fetched (the feed's fetcher, hooks/use-feed.ts). */
export function rememberCursor(rows: readonly FeedChisme[]): void {
  const last = rows.at(-1);
  if (!last) return;
  fetchedCursors.delete(last.id);
  fetchedCursors.set(last.id, cursorAfter(last));
  const oldest = fetchedCursors.keys().next();
  if (fetchedCursors.size > MAX_CURSORS && !oldest.done) fetchedCursors.delete(oldest.value);
}

/** The next page's cursor after a page whose last card is `last`: the snapshot taken at fetch. */
export function cursorOf(last: FeedChisme): FeedCursor {
  return fetchedCursors.get(last.id) ?? cursorAfter(last);
}

/** The key under which app/early-feed.ts leaves a first page it already asked for. */
export const earlyFeedKey = (key: FeedPageKey): string => JSON.stringify(key);

/** Asks for a feed's first page before the feed mounts, if the stored session holds (app/early-feed.ts). */
export async function startEarlyFirstPage(tab: FeedTab, cotilleo: boolean): Promise<void> {
  const { supabase } = await import('../../../lib/supabase');
  const { data } = await supabase.auth.getSession();
  if (!data.session) return;
  const key = feedKeys.page(tab, cotilleo, emptyFilters, null);
  // The first-load script or the feed itself may have asked already (lib/early-request.ts).
  if (wantsEarly(earlyFeedKey(key))) rememberEarly(earlyFeedKey(key), fetchFeedPage(key));
}

/**
 * Takes the first page index.html's first-load script already asked for with a plain fetch
 * (app/first-load/boot.ts), and the rows themselves if they have arrived. A refused answer
 * (e.g. a token revoked meanwhile) is not used, and getFeed asks again through supabase-js.
 */
export function adoptEarlyFirstPage(tab: FeedTab, cotilleo: boolean, first: { page: Promise<unknown>; at: number; rows?: unknown }): void {
  const key = earlyFeedKey(feedKeys.page(tab, cotilleo, emptyFilters, null));
  rememberEarly(key, first.page, first.at, first.rows !== undefined ? { value: first.rows } : undefined);
}

/** The first page an early request already brought, for the feed's first render (none when it
 * is not a page of chismes: the fetcher then asks again). */
export function arrivedEarly(key: FeedPageKey): FeedChisme[] | undefined {
  const arrived = peekEarly(earlyFeedKey(key));
  return isFeedChismes(arrived) ? arrived : undefined;
}

/**
 * SWR's fetcher: the early first page when there is one (retried here if it failed). The first
 * page of the recent feed also shows the person's own new chismes a read replica may not have
 * yet (lib/own-content.ts).
 */
export async function getFeed(key: FeedPageKey): Promise<FeedChisme[]> {
  const early = takeEarly(earlyFeedKey(key));
  const rows = await (early ? early.then((answer) => expectFeedChismes(answer, 'get_feed')).catch(() => fetchFeedPage(key)) : fetchFeedPage(key));
  const [, tab, cotilleo, filters, cursor] = key;
  if (tab !== 'recent' || cursor !== null) return rows;
  return withOwnChismes(rows, (c) => c.cotilleo === cotilleo && matchesFilters(c, filters), limits.feedPageSize);
}

// The RPC takes text arguments and the tags as a JSON array (a malformed one gets a stable key).
// A read: over GET, so hosted Supabase may serve it from a read replica (docs/api.md).
export async function fetchFeedPage([, tab, cotilleo, filters, cursor]: FeedPageKey): Promise<FeedChisme[]> {
  const answer = await rpc(
    'get_feed',
    getArgs({
      p_tab: tab,
      p_cotilleo: String(cotilleo),
      p_gender: filters.gender,
      p_country: filters.country,
      p_years_from: filters.yearsFrom != null ? String(filters.yearsFrom) : null,
      p_years_to: filters.yearsTo != null ? String(filters.yearsTo) : null,
      p_tags: filters.tags && filters.tags.length > 0 ? filters.tags : null,
      p_cursor_created_at: cursor?.createdAt,
      p_cursor_likes: cursor ? String(cursor.likes) : null,
      p_cursor_id: cursor?.id,
      p_limit: String(limits.feedPageSize),
    }),
    { get: true },
  );
  return expectFeedChismes(answer, 'get_feed');
}
