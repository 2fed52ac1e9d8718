// One page of a feed (rpc get_feed, keyset pagination).
import { supabase } from '../../../lib/supabase';
import { toApiError } from '../../../lib/api-error';
import { limits } from '../../../config/limits';
import type { FeedTab } from '../../../config/paths';
import type { FeedChisme, FeedFilters } from '../../../types/api';

export type FeedCursor = { createdAt: string; likes: number; id: string };

export type FeedPageKey = readonly ['feed', FeedTab, boolean, FeedFilters, FeedCursor | null];

export const feedKeys = {
  page: (tab: FeedTab, cotilleo: boolean, filters: FeedFilters, cursor: FeedCursor | null): FeedPageKey =>
    ['feed', tab, cotilleo, filters, cursor] as const,
};

export function cursorAfter(chisme: FeedChisme): FeedCursor {
  return { createdAt: chisme.created_at, likes: chisme.likes, id: chisme.id };
}

// The RPC takes text arguments and the tags as a JSON array (a malformed one gets a stable key).
export async function getFeed([, tab, cotilleo, filters, cursor]: FeedPageKey): Promise<FeedChisme[]> {
  const { data, error } = await supabase.rpc('get_feed', {
    p_tab: tab,
    p_cotilleo: String(cotilleo),
    p_gender: filters.gender ?? undefined,
    p_country: filters.country ?? undefined,
    p_years_from: filters.yearsFrom != null ? String(filters.yearsFrom) : undefined,
    p_years_to: filters.yearsTo != null ? String(filters.yearsTo) : undefined,
    p_tags: filters.tags && filters.tags.length > 0 ? filters.tags : undefined,
    p_cursor_created_at: cursor?.createdAt,
    p_cursor_likes: cursor ? String(cursor.likes) : undefined,
    p_cursor_id: cursor?.id,
    p_limit: String(limits.feedPageSize),
  });
  if (error) throw toApiError(error);
  return (data ?? []) as FeedChisme[];
}
