// A feed's live data, within hosted Realtime's budget (docs/scaling.md): the browser joins only
// the group topics `chismes:<mode>:<bucket>` of the cards on screen (use-visible-cards, then
// lib/live-groups), and a counts message changes only cards on screen; a card that changed
// while off screen, or whose group has just joined, gets its counts again by one GET. New
// chismes never move the list: the groups' news feeds a "N chismes nuevos" pill, and tapping it
// brings them in at the top and scrolls there. The person's own new chisme is put at the top
// by its create (lib/chisme-cache prependToRecentFeeds). supabase-js is imported by the effect,
// after the rows are on screen (web/README.md, "First load").
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { SWRInfiniteKeyedMutator } from 'swr/infinite';
import { catchUpOnJoin } from '../../../lib/catch-up-on-join';
import { patchChismeEverywhere, removeFromFeeds } from '../../../lib/chisme-cache';
import { chismeTopic, type GroupCounts } from '../../../lib/chisme-topic';
import { LiveGroups } from '../../../lib/live-groups';
import type { FeedTab } from '../../../config/paths';
import type { ChismeCounts } from '../api/get-chisme-counts';
import type { ChismeImage, FeedChisme } from '../../../lib/feed-chisme';
import { getChismeCounts } from '../api/get-chisme-counts';
import { useVisibleCards } from './use-visible-cards';

type Options = {
  tab: FeedTab;
  cotilleo: boolean;
  chismes: FeedChisme[];
  mutatePages: SWRInfiniteKeyedMutator<FeedChisme[][]>;
  enabled: boolean;
};

/** Waits this long for more cards to refresh, so one GET serves them all. */
const REFRESH_BATCH_MS = 200;
/** A reader showing one of the first cards of the recent feed hears of new chismes. */
const TOP_CARDS = 5;

export function useFeedRealtime({ tab, cotilleo, chismes, mutatePages, enabled }: Options) {
  const { cache, mutate } = useSWRConfig();
  const byId = useRef(new Map<string, FeedChisme>());
  byId.current = new Map(chismes.map((c) => [c.id, c]));
  const chismesRef = useRef(chismes);
  chismesRef.current = chismes;
  const cotilleoRef = useRef(cotilleo);
  cotilleoRef.current = cotilleo;
  const latest = useRef({ tab, mutatePages });
  latest.current = { tab, mutatePages };
  const groups = useRef<LiveGroups | null>(null);
  const visibleNow = useRef<ReadonlySet<string>>(new Set());
  // changed while off screen (or not followed at all): refreshed when seen again
  const stale = useRef(new Set<string>());
  const [news, setNews] = useState<{ ids: Set<string>; extra: number; seen: Set<string> }>(() => ({ ids: new Set(), extra: 0, seen: new Set() }));

  const applyCounts = useCallback(
    (counts: ChismeCounts) => {
      const current = byId.current.get(counts.id);
      if (current && current.likes === counts.likes && current.comments === counts.comments) return;
      patchChismeEverywhere(cache, mutate, counts.id, (c) => ({ ...c, likes: counts.likes, comments: counts.comments }));
    },
    [cache, mutate],
  );

  const queued = useRef(new Set<string>());
  const refreshTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const refresh = useCallback(
    (ids: Iterable<string>) => {
      for (const id of ids) queued.current.add(id);
      if (refreshTimer.current || queued.current.size === 0) return;
      refreshTimer.current = setTimeout(() => {
        refreshTimer.current = undefined;
        const batch = [...queued.current];
        queued.current.clear();
        for (const id of batch) stale.current.delete(id);
        getChismeCounts(batch).then(
          (rows) => rows.forEach(applyCounts),
          () => batch.forEach((id) => stale.current.add(id)),
        );
      }, REFRESH_BATCH_MS);
    },
    [applyCounts],
  );

  const topicOf = (id: string) => {
    const chisme = byId.current.get(id);
    return chisme ? chismeTopic(chisme.cotilleo, chisme.created_at) : null;
  };

  // The groups of the cards on screen; at the top of the recent feed also the group new chismes
  // land in now (and the one before it, for a clock a little behind the database's), where
  // the flush announces them even when the newest card on screen is older.
  const wantedTopics = () => {
    const topics = new Set([...visibleNow.current].map(topicOf).filter((t): t is string => t !== null));
    const top = chismesRef.current.slice(0, TOP_CARDS);
    if (latest.current.tab === 'recent' && (chismesRef.current.length === 0 || top.some((c) => visibleNow.current.has(c.id)))) {
      const now = Date.now();
      topics.add(chismeTopic(cotilleoRef.current, new Date(now).toISOString()));
      topics.add(chismeTopic(cotilleoRef.current, new Date(now - 60_000).toISOString()));
    }
    return topics;
  };

  const { observe } = useVisibleCards((visible) => {
    const before = visibleNow.current;
    visibleNow.current = visible;
    const joinedBefore = new Set(groups.current?.topics() ?? []);
    groups.current?.want(wantedTopics());
    // back on screen after changing unseen, with its group still joined: ask for its counts
    // (a group joined now asks on its own, when the join is confirmed)
    refresh([...visible].filter((id) => !before.has(id) && stale.current.has(id) && joinedBefore.has(topicOf(id) ?? '')));
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `wantedTopics` and `topicOf` read refs only; `cotilleo` is the trigger (the groups follow the mode).
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    const pending: (() => void)[] = [];
    void import('../../../lib/supabase').then(({ supabase }) => {
      if (!active) return;
      const live = new LiveGroups((topic) => {
        const channel = supabase
          .channel(topic, { config: { private: true } })
          .on('broadcast', { event: 'chisme_counts' }, ({ payload }) => {
            const message = payload as GroupCounts;
            for (const counts of message.counts) {
              if (visibleNow.current.has(counts.id)) applyCounts(counts);
              else stale.current.add(counts.id);
            }
            if (message.created && latest.current.tab === 'recent') {
              const created = message.created;
              setNews((previous) => {
                // the same news reaches every group at the top of the mode: count it once
                if (previous.seen.has(created.newest)) return previous;
                const ids = new Set(previous.ids);
                for (const id of created.ids) if (!byId.current.has(id)) ids.add(id);
                return { ids, extra: previous.extra + Math.max(0, created.count - created.ids.length), seen: new Set(previous.seen).add(created.newest) };
              });
            }
          })
          .on('broadcast', { event: 'chisme_image' }, ({ payload }) => {
            const image = payload as ChismeImage;
            patchChismeEverywhere(cache, mutate, image.id, (c) => ({ ...c, file_exist: image.file_exist, image_viewable: image.image_viewable }));
          })
          .on('broadcast', { event: 'chisme_hidden' }, ({ payload }) => {
            removeFromFeeds(cache, mutate, (payload as { id: string }).id);
          })
          // a moderator restored a hidden chisme: fetch the open feed so it shows again in place
          .on('broadcast', { event: 'chisme_restored' }, () => {
            void latest.current.mutatePages();
          })
          // counts that changed between the page's fetch and the join are fetched again
          .subscribe(catchUpOnJoin(() => refresh([...visibleNow.current].filter((id) => topicOf(id) === topic))));
        return () => void supabase.removeChannel(channel);
      });
      groups.current = live;
      live.want(wantedTopics());
      // the group of "now" moves every five minutes
      const roll = setInterval(() => live.want(wantedTopics()), 30_000);
      pending.push(() => (clearInterval(roll), live.close()));
    });
    return () => {
      active = false;
      pending.forEach((close) => close());
      groups.current = null;
    };
  }, [cotilleo, enabled, cache, mutate, applyCounts, refresh]);

  useEffect(() => () => clearTimeout(refreshTimer.current), []);

  // what is already in the list (a refetch, the person's own post) is news no more
  const newCount = [...news.ids].filter((id) => !byId.current.has(id)).length + news.extra;

  const showNew = useCallback(async () => {
    setNews((previous) => ({ ids: new Set(), extra: 0, seen: previous.seen }));
    await latest.current.mutatePages();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, []);

  return { observe, newCount: tab === 'recent' ? newCount : 0, showNew };
}
