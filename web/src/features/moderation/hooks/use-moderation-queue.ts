// The moderation queue as pages (keyset: pending reports, last report, id), kept fresh by the
// moderators' realtime topic, which revalidates every loaded page.
import useSWRInfinite from 'swr/infinite';
import { getModerationQueue, type ModerationItem } from '../api/moderation-api';
import { QUEUE_PAGE_SIZE, queueCursorAfter } from '../api/queue-cursor';
import { moderationKeys } from '../api/moderation-keys';

type QueuePageKey = ReturnType<typeof moderationKeys.queuePage>;

export function useModerationQueue() {
  const getKey = (index: number, previous: ModerationItem[] | null): QueuePageKey | null => {
    if (index === 0) return moderationKeys.queuePage(null);
    const last = previous?.at(-1);
    if (!previous || previous.length < QUEUE_PAGE_SIZE || !last) return null;
    return moderationKeys.queuePage(queueCursorAfter(last));
  };
  const swr = useSWRInfinite(getKey, ([, , cursor]: QueuePageKey) => getModerationQueue(cursor));
  const pages = swr.data ?? [];
  const lastPage = pages.at(-1);
  const isLoadingMore = !swr.isLoading && swr.size > 0 && swr.data !== undefined && swr.data[swr.size - 1] === undefined;
  const hasMore = lastPage !== undefined && lastPage.length >= QUEUE_PAGE_SIZE;
  return {
    items: pages.flat(),
    error: swr.error as unknown,
    isLoading: swr.isLoading,
    isLoadingMore,
    hasMore,
    loadMore: () => {
      if (hasMore && !isLoadingMore) void swr.setSize(swr.size + 1);
    },
    mutate: swr.mutate,
  };
}
