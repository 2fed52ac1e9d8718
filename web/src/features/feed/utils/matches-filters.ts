// Whether a chisme belongs in a feed with these filters (same rules as get_feed): the person's own
// new chisme is kept in the feed they are looking at until a replica has it (lib/own-content.ts).
import type { FeedChisme } from '../../../lib/feed-chisme';
import type { FeedFilters } from '../../../lib/feed-filters';

const withoutHash = (tag: string) => tag.replace(/^#/, '').toLowerCase();

export function matchesFilters(chisme: FeedChisme, filters: FeedFilters): boolean {
  if (filters.gender && chisme.gender !== filters.gender) return false;
  if (filters.country && chisme.country !== filters.country) return false;
  if (filters.yearsFrom !== null && chisme.years < filters.yearsFrom) return false;
  if (filters.yearsTo !== null && chisme.years > filters.yearsTo) return false;
  if (filters.tags && filters.tags.length > 0) {
    const wanted = new Set(filters.tags.map(withoutHash));
    if (!chisme.tags.some((tag) => wanted.has(withoutHash(tag)))) return false;
  }
  return true;
}
