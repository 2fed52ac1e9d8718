// Channel feed:<mode>: new chismes go to the top of the recent feed; counters and the image
// state (stored after the post itself) are patched in every cached list; a chisme hidden by
// moderation leaves every feed. The handler only updates SWR caches; each join refetches the
// open feed (catch-up-on-join). supabase-js is imported by the effect, after the rows are on
// screen: the feed renders without it (web/README.md, "First load"); the join's refetch covers
// anything sent meanwhile.
import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import type { SWRInfiniteKeyedMutator } from 'swr/infinite';
import { catchUpOnJoin } from '../../../lib/catch-up-on-join';
import { patchChismeEverywhere, removeFromFeeds } from '../../../lib/chisme-cache';
import type { FeedTab } from '../../../config/paths';
import type { ChismeCounts, ChismeImage, FeedChisme, FeedFilters } from '../../../types/api';
import { matchesFilters } from './matches-filters';

type Options = {
  tab: FeedTab;
  cotilleo: boolean;
  filters: FeedFilters;
  mutatePages: SWRInfiniteKeyedMutator<FeedChisme[][]>;
  enabled: boolean;
};

export function useFeedRealtime({ tab, cotilleo, filters, mutatePages, enabled }: Options) {
  const { cache, mutate } = useSWRConfig();
  const latest = useRef({ tab, filters, mutatePages });
  latest.current = { tab, filters, mutatePages };

  useEffect(() => {
    if (!enabled) return;
    let leave = () => {};
    let active = true;
    void import('../../../lib/supabase').then(({ supabase }) => {
      if (!active) return;
      const channel = supabase
        .channel(`feed:${cotilleo ? 'cotilleo' : 'casual'}`, { config: { private: true } })
        .on('broadcast', { event: 'chisme_created' }, ({ payload }) => {
          const chisme = payload as FeedChisme;
          const { tab: currentTab, filters: currentFilters, mutatePages: mutateCurrent } = latest.current;
          if (currentTab !== 'recent' || !matchesFilters(chisme, currentFilters)) return;
          void mutateCurrent(
            (pages) => {
              if (!pages || pages.some((page) => page.some((c) => c.id === chisme.id))) return pages;
              const [first = [], ...rest] = pages;
              return [[chisme, ...first], ...rest];
            },
            { revalidate: false },
          );
        })
        .on('broadcast', { event: 'chisme_counts' }, ({ payload }) => {
          const counts = payload as ChismeCounts;
          patchChismeEverywhere(cache, mutate, counts.id, (c) => ({ ...c, likes: counts.likes, comments: counts.comments }));
        })
        .on('broadcast', { event: 'chisme_image' }, ({ payload }) => {
          const image = payload as ChismeImage;
          patchChismeEverywhere(cache, mutate, image.id, (c) => ({ ...c, file_exist: image.file_exist, image_viewable: image.image_viewable }));
        })
        .on('broadcast', { event: 'chisme_hidden' }, ({ payload }) => {
          removeFromFeeds(cache, mutate, (payload as { id: string }).id);
        })
        // a moderator restored a hidden chisme: refetch the open feed so it shows again in place
        .on('broadcast', { event: 'chisme_restored' }, () => {
          void latest.current.mutatePages();
        })
        // counts and posts that changed between the page's fetch and the join are fetched again
        .subscribe(catchUpOnJoin(() => void latest.current.mutatePages()));
      leave = () => void supabase.removeChannel(channel);
    });
    return () => {
      active = false;
      leave();
    };
  }, [cotilleo, enabled, cache, mutate]);
}
