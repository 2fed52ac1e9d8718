// One chisme as the caller sees it (null: unknown, or hidden from the caller). Shared by the
// comments dialog and the /chismes/:id page; a null id fetches nothing.
import useSWR from 'swr';
import { commentKeys } from '../api/comment-keys';
import { getChisme } from '../api/get-chisme';

export function useChisme(chismeId: string | null) {
  const swr = useSWR(chismeId ? commentKeys.chisme(chismeId) : null, ([, id]) => getChisme(id), { revalidateOnFocus: false });
  return { chisme: swr.data ?? null, isLoading: swr.isLoading, error: swr.error as unknown, found: swr.data !== undefined && swr.data !== null };
}
