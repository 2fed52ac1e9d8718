// The /chismes/:id page is live like a feed card: its like and comment counts and its image
// state follow its mode's channel, and when moderation hides it the page asks again (the
// database then answers not-found, except to its author). Each join refetches it, so nothing
// sent between the page's fetch and the join is lost.
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { catchUpOnJoin } from '../../../lib/catch-up-on-join';
import { patchChismeEverywhere } from '../../../lib/chisme-cache';
import { supabase } from '../../../lib/supabase';
import type { ChismeCounts, ChismeImage, FeedChisme } from '../../../types/api';
import { commentKeys } from '../api/get-comments';

export function useChismeRealtime(chismeId: string | null, cotilleo: boolean | null) {
  const { cache, mutate } = useSWRConfig();

  useEffect(() => {
    if (!chismeId || cotilleo === null) return;
    const key = commentKeys.chisme(chismeId);
    // the same patch the feeds apply, which also finds the page's single cached chisme
    const patch = (change: Partial<FeedChisme>) => patchChismeEverywhere(cache, mutate, chismeId, (c) => ({ ...c, ...change }));
    const channel = supabase
      .channel(`feed:${cotilleo ? 'cotilleo' : 'casual'}`, { config: { private: true } })
      .on('broadcast', { event: 'chisme_counts' }, ({ payload }) => {
        const counts = payload as ChismeCounts;
        if (counts.id === chismeId) patch({ likes: counts.likes, comments: counts.comments });
      })
      .on('broadcast', { event: 'chisme_image' }, ({ payload }) => {
        const image = payload as ChismeImage;
        if (image.id === chismeId) patch({ file_exist: image.file_exist, image_viewable: image.image_viewable });
      })
      .on('broadcast', { event: 'chisme_hidden' }, ({ payload }) => {
        if ((payload as { id: string }).id === chismeId) void mutate(key);
      })
      .subscribe(catchUpOnJoin(() => void mutate(key)));
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [chismeId, cotilleo, cache, mutate]);
}
