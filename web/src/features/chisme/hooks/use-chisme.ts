// One chisme as the caller sees it (null: unknown, or hidden from the caller). Shared by the
// /chismes/:id page and the comments dialog (app/layout/comments-dialog-host.tsx); a null id
// fetches nothing.
import useSWR from 'swr';
import { chismeKeys } from '../api/chisme-keys';
import { getChisme } from '../api/get-chisme';

export function useChisme(chismeId: string | null) {
  const swr = useSWR(chismeId ? chismeKeys.one(chismeId) : null, ([, id]) => getChisme(id), { revalidateOnFocus: false });
  return { chisme: swr.data ?? null, isLoading: swr.isLoading, error: swr.error as unknown, found: swr.data !== undefined && swr.data !== null };
}
