// After a block: every cached feed, thread and deep-linked chisme is fetched again, since only
// the database knows which of them were that person's (lib/cached-lists.ts refetchLists).
import { useSWRConfig } from 'swr';
import { refetchLists } from '../lib/cached-lists';

export function useRefetchAfterBlock(): () => void {
  const { mutate } = useSWRConfig();
  return () => refetchLists(mutate, ['feed', 'comments'], ['chisme']);
}
