// A feed as pages of 20 with infinite loading. The SWR key holds tab, mode and filters, so a
// change of any of them starts again from the first page. The next page's cursor is the one
// taken when the previous page was fetched (get-feed's cursorOf), never the live counts a
// realtime patch wrote on its last card since: a like there must not refetch the next page.
import useSWRInfinite from 'swr/infinite';
import { useCachedList } from '../../../lib/cached-lists';
import { limits } from '../../../config/limits';
import type { FeedTab } from '../../../config/paths';
import type { FeedChisme } from '../../../lib/feed-chisme';
import type { FeedFilters } from '../../../lib/feed-filters';
import { arrivedEarly, cursorOf, feedKeys, getFeed, rememberCursor, type FeedPageKey } from '../api/get-feed';

export function useFeed(tab: FeedTab, cotilleo: boolean, filters: FeedFilters) {
  const getKey = (index: number, previous: FeedChisme[] | null): FeedPageKey | null => {
    if (index === 0) return feedKeys.page(tab, cotilleo, filters, null);
    const last = previous?.at(-1);
    if (!previous || previous.length < limits.feedPageSize || !last) return null;
    return feedKeys.page(tab, cotilleo, filters, cursorOf(last));
  };
  // A first page that arrived before the feed mounted (app/early-feed.ts) is shown in the first
  // render, with no placeholder render before it; SWR's fetch then takes that same request.
  const firstKey = feedKeys.page(tab, cotilleo, filters, null);
  const early = arrivedEarly(firstKey);
  const fetchPage = (key: FeedPageKey) =>
    getFeed(key).then((rows) => {
      rememberCursor(rows);
      return rows;
    });
  const swr = useSWRInfinite(getKey, fetchPage, { revalidateFirstPage: false, revalidateOnFocus: false, fallbackData: early && [early] });
  useCachedList('feed', firstKey, swr);
  const pages = swr.data ?? [];
  const chismes = pages.flat();
  const lastPage = pages.at(-1);
  // SWR counts fallback data as not loaded yet; there are rows to show all the same.
  const isLoadingFirst = swr.isLoading && swr.data === undefined;
  const isLoadingMore = !isLoadingFirst && swr.size > 0 && swr.data !== undefined && swr.data[swr.size - 1] === undefined;
  const hasMore = lastPage !== undefined && lastPage.length >= limits.feedPageSize;
  return {
    chismes,
    error: swr.error as unknown,
    isLoadingFirst,
    isLoadingMore,
    hasMore,
    loadMore: () => {
      if (hasMore && !isLoadingMore) void swr.setSize(swr.size + 1);
    },
    mutate: swr.mutate,
  };
}
