// After a comment, the chisme's counters as the database has them, patched wherever the chisme
// is cached (feeds, profile lists, a shared link's page). Asked of the primary: a replica may
// not have the comment yet. Never +1 here: a live event may already have counted it.
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { patchChismeEverywhere } from '../../../lib/chisme-cache';
import { getChisme } from '../api/get-chisme';

export function useRefreshChismeCounts(): (chismeId: string) => void {
  const { mutate } = useSWRConfig();
  // one function per cache: the memoised comment thread that gets it does not render again
  return useCallback(
    (chismeId) => {
      getChisme(chismeId, { primary: true })
        .then((fresh) => fresh && patchChismeEverywhere(mutate, fresh.id, (c) => ({ ...c, likes: fresh.likes, comments: fresh.comments })))
        .catch((error: unknown) => console.error('refresh chisme counters failed', error));
    },
    [mutate],
  );
}
