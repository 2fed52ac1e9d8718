// Keyset paging of the moderation queue: its order is (pending reports desc, last report desc,
// id), and the next page starts after the last item's position in it.
import type { ModerationItem } from './moderation-api';

/** Items per queue page (the database caps a page at 100). */
export const QUEUE_PAGE_SIZE = 50;

export type QueueCursor = { pending: number; lastReportedAt: string; id: string };

export function queueCursorAfter(item: ModerationItem): QueueCursor {
  return { pending: item.pending_reports, lastReportedAt: item.last_reported_at, id: item.id };
}
