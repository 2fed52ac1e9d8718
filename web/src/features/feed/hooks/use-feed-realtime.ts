// Channel feed:<mode>: new chismes go to the top of the recent feed; counters are patched in
// every cached list. The handler only updates SWR caches.
import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import type { SWRInfiniteKeyedMutator } from 'swr/infinite';
import { supabase } from '../../../lib/supabase';
import { patchChismeEverywhere } from '../../../lib/chisme-cache';
import type { FeedTab } from '../../../config/paths';
import type { ChismeCounts, FeedChisme, FeedFilters } from '../../../types/api';
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
      .subscribe();
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [cotilleo, enabled, cache, mutate]);
}
