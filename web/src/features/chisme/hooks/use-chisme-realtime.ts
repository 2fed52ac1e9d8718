// The /chismes/:id page is live like a feed card: its like and comment counts, its image state
// and moderation follow its group topic `chismes:<mode>:<bucket>` (lib/chisme-topic), where
// the database's flush sends the latest counts at most once per interval; when moderation hides
// it the page asks again (the database then answers not-found, except to its author). Each join
// refetches it, so nothing sent between the page's fetch and the join is lost.
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { catchUpOnJoin } from '../../../lib/catch-up-on-join';
import { patchChismeEverywhere } from '../../../lib/chisme-cache';
import { chismeTopic, type GroupCounts } from '../../../lib/chisme-topic';
import { supabase } from '../../../lib/supabase';
import type { ChismeImage, FeedChisme } from '../../../lib/feed-chisme';
import { chismeKeys } from '../api/chisme-keys';

type Shown = Pick<FeedChisme, 'id' | 'cotilleo' | 'created_at'>;

export function useChismeRealtime(chisme: Shown | null | undefined) {
  const { cache, mutate } = useSWRConfig();
  const chismeId = chisme?.id ?? null;
  const topic = chisme ? chismeTopic(chisme.cotilleo, chisme.created_at) : null;

  useEffect(() => {
    if (!chismeId || !topic) return;
    const key = chismeKeys.one(chismeId);
    // the same patch the feeds apply, which also finds the page's single cached chisme
    const patch = (change: Partial<FeedChisme>) => patchChismeEverywhere(cache, mutate, chismeId, (c) => ({ ...c, ...change }));
    const channel = supabase
      .channel(topic, { config: { private: true } })
      .on('broadcast', { event: 'chisme_counts' }, ({ payload }) => {
        const counts = (payload as GroupCounts).counts.find((c) => c.id === chismeId);
        if (counts) patch({ likes: counts.likes, comments: counts.comments });
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
  }, [chismeId, topic, cache, mutate]);
}
