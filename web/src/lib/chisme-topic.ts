// The realtime topics the web joins (docs/api.md "Realtime"; the database names the same ones
// in supabase/schemas/80-realtime.sql: keep both alike):
// - `head:<tab>:<mode>`: the live counts of the first chismes of a tab (recent, top, trending),
//   at most one message per flush interval, and on recent the news for the "N chismes nuevos"
//   pill. A screen joins at most one, whatever its size.
// - `chisme:<id>`: one chisme's image state and moderation, for its own page.
import type { FeedTab } from '../config/paths';
import type { ChismeImage } from './feed-chisme';

/** The tabs whose head is pushed; the old tab's cards are refreshed on view only. */
export type HeadTab = Exclude<FeedTab, 'old'>;
export const isHeadTab = (tab: FeedTab): tab is HeadTab => tab !== 'old';

/** Cards of a list counted as pushed by its head topic: fewer than the database's head
 * (private.head_size(), 40), so that rows this reader does not see (blocks, reports) keep them
 * inside it. */
export const HEAD_CARDS = 30;

/** Cards no head pushes (and a chisme's own page) are refreshed at most this often while shown. */
export const LIVE_POLL_MS = 30_000;
/** How often the feed looks for visible cards whose counts are LIVE_POLL_MS old: a card's
 * counts are at most LIVE_POLL_MS + this old on screen, and one GET serves all that are due. */
export const LIVE_POLL_TICK_MS = 10_000;

export function headTopic(tab: HeadTab, cotilleo: boolean): string {
  return `head:${tab}:${cotilleo ? 'cotilleo' : 'casual'}`;
}

export function chismeTopic(id: string): string {
  return `chisme:${id}`;
}

/** One chisme's live part: counts and image state. */
export type LiveCounts = Pick<ChismeImage, 'id' | 'file_exist' | 'image_viewable'> & { likes: number; comments: number };

/** Payload of `chisme_counts` on a head topic: the latest counts of the head's changed chismes,
 * the mode's chismes hidden in the interval, and on recent the news of chismes new in the mode
 * since the last flush (ids newest first, at most 50; no content). */
export type HeadMessage = {
  counts: LiveCounts[];
  hidden?: string[];
  created?: { count: number; ids: string[]; newest: string };
};
