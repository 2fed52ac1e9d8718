// Comment pages of one chisme: 20 roots per page with "load more" (hasMore when a page is full).
import { useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import { useCachedList } from '../../../lib/cached-lists';
import { limits } from '../../../config/limits';
import type { ThreadComment } from '../../../lib/thread-comment';
import { commentKeys, getComments } from '../api/get-comments';

const noPages: ThreadComment[][] = [];
const roots = (page: ThreadComment[]) => page.filter((c) => c.parent_id === null);

export function useComments(chismeId: string) {
  const swr = useSWRInfinite(
    (index: number, previous: ThreadComment[] | null) => {
      if (index === 0) return commentKeys.page(chismeId, null);
      const last = previous ? roots(previous).at(-1) : undefined;
      if (!previous || roots(previous).length < limits.rootCommentsPage || !last) return null;
      return commentKeys.page(chismeId, { createdAt: last.created_at, id: last.id });
    },
    getComments,
    { revalidateFirstPage: false, revalidateOnFocus: false },
  );
  useCachedList('comments', commentKeys.page(chismeId, null), swr);
  const pages = swr.data ?? noPages;
  const lastPage = pages.at(-1);
  // the same array until the pages change: the thread renders the list from it (comment-thread.tsx)
  const rows = useMemo(() => pages.flat(), [pages]);
  return {
    rows,
    isLoading: swr.isLoading,
    error: swr.error as unknown,
    hasMore: lastPage !== undefined && roots(lastPage).length >= limits.rootCommentsPage,
    loadMore: () => void swr.setSize(swr.size + 1),
    /** Asks for the loaded pages again (after a deletion: a placeholder may stay or go). */
    refresh: () => void swr.mutate(),
    /** Puts a just-added comment in the first page (the tree is rebuilt from all rows). */
    insert: (comment: ThreadComment) =>
      void swr.mutate(
        (current) => {
          const [first = [], ...rest] = current ?? [];
          return [[comment, ...first], ...rest];
        },
        { revalidate: false },
      ),
  };
}
