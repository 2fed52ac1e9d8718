// After a block: every cached feed, thread and deep-linked chisme is fetched again, since only
// the database knows which of them were that person's (lib/refetch-lists.ts).
import { useSWRConfig } from 'swr';
import { refetchLists } from '../lib/refetch-lists';

export function useRefetchAfterBlock(): () => void {
  const { cache, mutate } = useSWRConfig();
  return () => refetchLists(cache, mutate, ['"feed"', '"comments"', '"chisme"']);
}
