// A feed's live data, within hosted Realtime's budget (docs/scaling.md): a screen joins at most
// one count topic, the head of its tab and mode (`head:<tab>:<mode>`, lib/chisme-topic.ts),
// whatever its size: on recent always (the "N chismes nuevos" pill), on top and trending while
// one of the first cards is on screen. The flush sends it at most one message per interval
// with the latest counts of the head's changed chismes; a counts message changes only cards on
// screen. Cards the head does not push (deep scroll, the old tab, filtered feeds) get no push:
// their counts come with one batched GET (get-chisme-counts) when they come into view and at
// most every 30 s while they stay visible (looked for every 10 s: at most 40 s old on screen);
// so do pushed cards that changed while off screen.
// New chismes never move the list: the news feeds the pill, and tapping it brings them in at
// the top and scrolls there. The person's own new chisme is put at the top by its create
// (lib/chisme-cache prependToRecentFeeds). supabase-js is imported by the effect, after the
// rows are on screen (web/README.md, "First load").
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { SWRInfiniteKeyedMutator } from 'swr/infinite';
import { isSubscribed } from '../../../lib/catch-up-on-join';
import { patchChismeEverywhere, removeFromFeeds } from '../../../lib/chisme-cache';
import { HEAD_CARDS, type HeadMessage, headTopic, isHeadTab, LIVE_POLL_MS as POLL_MS, LIVE_POLL_TICK_MS, type LiveCounts } from '../../../lib/chisme-topic';
import type { FeedTab } from '../../../config/paths';
import type { FeedChisme } from '../../../lib/feed-chisme';
import { getChismeCounts } from '../api/get-chisme-counts';
import { useVisibleCards } from './use-visible-cards';

type Options = {
  tab: FeedTab;
  cotilleo: boolean;
  /** Filters on: the list is not the head the database pushes, so every card is refreshed on view. */
  filtered: boolean;
  chismes: FeedChisme[];
  mutatePages: SWRInfiniteKeyedMutator<FeedChisme[][]>;
  enabled: boolean;
};

/** Waits this long for more cards to refresh, so one GET serves them all. */
const REFRESH_BATCH_MS = 200;
/** The head topic is left this long after the last head card left the screen (scrolling back
 * and forth does not join again and again: hosted Realtime limits joins, docs/scaling.md). */
const LEAVE_HEAD_AFTER_MS = 10_000;

const sameLive = (c: FeedChisme, live: LiveCounts) =>
  c.likes === live.likes && c.comments === live.comments && c.file_exist === live.file_exist && c.image_viewable === live.image_viewable;

export function useFeedRealtime({ tab, cotilleo, filtered, chismes, mutatePages, enabled }: Options) {
  const { mutate } = useSWRConfig();
  const byId = useRef(new Map<string, { chisme: FeedChisme; index: number }>());
  byId.current = new Map(chismes.map((chisme, index) => [chisme.id, { chisme, index }]));
  // when each card's live data was last known fresh: its page's fetch, a GET, a head message
  const freshAt = useRef(new Map<string, number>());
  for (const c of chismes) if (!freshAt.current.has(c.id)) freshAt.current.set(c.id, Date.now());
  const latest = useRef({ tab, filtered, mutatePages });
  latest.current = { tab, filtered, mutatePages };
  const visibleNow = useRef<ReadonlySet<string>>(new Set());
  // pushed cards that changed while off screen: refreshed when seen again
  const stale = useRef(new Set<string>());
  const head = useRef<{ want: (wanted: boolean) => void; subscribed: () => boolean } | null>(null);
  const [news, setNews] = useState<{ ids: Set<string>; extra: number; seen: Set<string> }>(() => ({ ids: new Set(), extra: 0, seen: new Set() }));

  const applyLive = useCallback(
    (live: LiveCounts) => {
      freshAt.current.set(live.id, Date.now());
      const current = byId.current.get(live.id)?.chisme;
      if (current && sameLive(current, live)) return;
      const { likes, comments, file_exist, image_viewable } = live;
      patchChismeEverywhere(mutate, live.id, (c) => ({ ...c, likes, comments, file_exist, image_viewable }));
    },
    [mutate],
  );

  // how many head messages each card has shown: a read's answer is older than one shown after
  // the read was asked, and must not write its counts back over it
  const heard = useRef(new Map<string, number>());
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
        const heardWhenAsked = new Map(batch.map((id) => [id, heard.current.get(id) ?? 0]));
        getChismeCounts(batch).then(
          (rows) => {
            for (const row of rows) if ((heard.current.get(row.id) ?? 0) === heardWhenAsked.get(row.id)) applyLive(row);
            // not in the answer: hidden, or its author blocked, since the page was fetched
            const answered = new Set(rows.map((r) => r.id));
            for (const id of batch) if (!answered.has(id)) removeFromFeeds(id);
          },
          () => batch.forEach((id) => stale.current.add(id)),
        );
      }, REFRESH_BATCH_MS);
    },
    [applyLive],
  );

  // On recent, the news moves the database's head down: a card has as many new chismes above it
  // as the news counted since the list was fetched (a busy mode posts several a second).
  const newsAbove = useRef(0);
  /** Whether the head topic keeps this card's counts live (so no GET is needed for it). */
  const isPushed = (id: string) => {
    const entry = byId.current.get(id);
    return !!entry && !latest.current.filtered && entry.index + newsAbove.current < HEAD_CARDS && !!head.current?.subscribed();
  };
  const wantsHead = () => {
    const { tab: shown } = latest.current;
    if (!isHeadTab(shown)) return false;
    if (shown === 'recent') return true;
    return [...visibleNow.current].some((id) => (byId.current.get(id)?.index ?? Number.POSITIVE_INFINITY) < HEAD_CARDS);
  };
  const isOld = (id: string, now: number) => now - (freshAt.current.get(id) ?? 0) >= POLL_MS;

  const { observe } = useVisibleCards((visible) => {
    const before = visibleNow.current;
    visibleNow.current = visible;
    head.current?.want(wantsHead());
    const now = Date.now();
    refresh([...visible].filter((id) => !before.has(id) && (stale.current.has(id) || (!isPushed(id) && isOld(id, now)))));
  });

  // Cards no head pushes, while they stay on screen: every 10 s, one GET for those whose counts
  // are 30 s old (each card at most every 30 s; on screen at most 40 s old). Pushed cards too
  // once a minute without news of them: top and trending reorder, and a card the database's
  // head no longer holds hears nothing more.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `isPushed` and `isOld` read refs only.
  useEffect(() => {
    if (!enabled) return;
    const poll = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      const now = Date.now();
      refresh([...visibleNow.current].filter((id) => isOld(id, now + REFRESH_BATCH_MS - (isPushed(id) ? POLL_MS : 0))));
    }, LIVE_POLL_TICK_MS);
    return () => clearInterval(poll);
  }, [enabled, refresh]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `wantsHead` and `isPushed` read refs only; `tab` and `cotilleo` name the topic.
  useEffect(() => {
    if (!enabled || !isHeadTab(tab)) return;
    const topic = headTopic(tab, cotilleo);
    let active = true;
    let close: (() => void) | null = null;
    let subscribed = false;
    let leaveTimer: ReturnType<typeof setTimeout> | undefined;
    const receive = (message: HeadMessage) => {
      for (const live of message.counts) {
        if (!byId.current.has(live.id)) continue;
        if (visibleNow.current.has(live.id)) {
          heard.current.set(live.id, (heard.current.get(live.id) ?? 0) + 1);
          applyLive(live);
        } else stale.current.add(live.id);
      }
      for (const id of message.hidden ?? []) removeFromFeeds(id);
      const created = message.created;
      if (created && latest.current.tab === 'recent') {
        setNews((previous) => {
          if (previous.seen.has(created.newest)) return previous;
          const ids = new Set(previous.ids);
          for (const id of created.ids) if (!byId.current.has(id)) ids.add(id);
          return { ids, extra: previous.extra + Math.max(0, created.count - created.ids.length), seen: new Set(previous.seen).add(created.newest) };
        });
      }
    };
    const join = () =>
      void import('../../../lib/supabase').then(({ supabase }) => {
        if (!active || close) return;
        const channel = supabase
          .channel(topic, { config: { private: true } })
          .on('broadcast', { event: 'chisme_counts' }, ({ payload }) => receive(payload as HeadMessage))
          // counts that changed between the page's fetch and the join are fetched again
          .subscribe((status) => {
            subscribed = isSubscribed(status);
            if (subscribed) refresh([...visibleNow.current].filter((id) => isPushed(id)));
          });
        close = () => {
          subscribed = false;
          void supabase.removeChannel(channel);
        };
      });
    head.current = {
      subscribed: () => subscribed,
      want: (wanted) => {
        if (wanted) {
          clearTimeout(leaveTimer);
          leaveTimer = undefined;
          join();
        } else if (close && !leaveTimer) {
          leaveTimer = setTimeout(() => {
            leaveTimer = undefined;
            close?.();
            close = null;
          }, LEAVE_HEAD_AFTER_MS);
        }
      },
    };
    head.current.want(wantsHead());
    return () => {
      active = false;
      clearTimeout(leaveTimer);
      close?.();
      head.current = null;
    };
  }, [tab, cotilleo, enabled, applyLive, refresh]);

  useEffect(() => () => clearTimeout(refreshTimer.current), []);

  // what is already in the list (a refetch, the person's own post) is news no more
  const newCount = [...news.ids].filter((id) => !byId.current.has(id)).length + news.extra;
  newsAbove.current = tab === 'recent' ? newCount : 0;

  const showNew = useCallback(async () => {
    setNews((previous) => ({ ids: new Set(), extra: 0, seen: previous.seen }));
    await latest.current.mutatePages();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, []);

  return { observe, newCount: tab === 'recent' ? newCount : 0, showNew };
}
