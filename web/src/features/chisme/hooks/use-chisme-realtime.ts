// The /chismes/:id page is live like a feed card: its image state and moderation arrive at once
// on its own topic `chisme:<id>` (lib/chisme-topic); its like and comment counts are asked for
// with the feeds' batched GET at most every 30 s while the page is shown (no count topic: a
// chisme's page is the long tail, docs/scaling.md). When moderation hides it the page asks
// again (the database then answers not-found, except to its author). Each join refetches it,
// so nothing sent between the page's fetch and the join is lost.
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { catchUpOnJoin } from '../../../lib/catch-up-on-join';
import { patchChismeEverywhere } from '../../../lib/chisme-cache';
import { chismeTopic, LIVE_POLL_MS } from '../../../lib/chisme-topic';
import { supabase } from '../../../lib/supabase';
import type { ChismeImage, FeedChisme } from '../../../lib/feed-chisme';
import { chismeKeys } from '../api/chisme-keys';
import { getChismeLive } from '../api/get-chisme-live';

type Shown = Pick<FeedChisme, 'id'>;

export function useChismeRealtime(chisme: Shown | null | undefined) {
  const { mutate } = useSWRConfig();
  const chismeId = chisme?.id ?? null;

  useEffect(() => {
    if (!chismeId) return;
    const key = chismeKeys.one(chismeId);
    // the same patch the feeds apply, which also finds the page's single cached chisme
    const patch = (change: Partial<FeedChisme>) => patchChismeEverywhere(mutate, chismeId, (c) => ({ ...c, ...change }));
    const channel = supabase
      .channel(chismeTopic(chismeId), { config: { private: true } })
      .on('broadcast', { event: 'chisme_image' }, ({ payload }) => {
        const image = payload as ChismeImage;
        if (image.id === chismeId) patch({ file_exist: image.file_exist, image_viewable: image.image_viewable });
      })
      .on('broadcast', { event: 'chisme_hidden' }, () => void mutate(key))
      .on('broadcast', { event: 'chisme_restored' }, () => void mutate(key))
      .subscribe(catchUpOnJoin(() => void mutate(key)));
    const poll = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      getChismeLive(chismeId).then(
        (live) =>
          live ? patch({ likes: live.likes, comments: live.comments, file_exist: live.file_exist, image_viewable: live.image_viewable }) : void mutate(key),
        (error: unknown) => console.error('refresh chisme counts failed', error),
      );
    }, LIVE_POLL_MS);
    return () => {
      clearInterval(poll);
      void supabase.removeChannel(channel);
    };
  }, [chismeId, mutate]);
}
