// The feed filters (spec: they apply to all feeds). Kept in memory for the session.
import { createStore } from '../lib/create-store';
import { emptyFilters, type FeedFilters } from '../lib/feed-filters';

export const filtersStore = createStore<FeedFilters>(emptyFilters);

export const useFeedFilters = () => filtersStore.use();
export const setFeedFilters = (filters: FeedFilters) => filtersStore.set(filters);
export const resetFeedFilters = () => filtersStore.set(emptyFilters);

export function hasActiveFilters(filters: FeedFilters): boolean {
  return Object.values(filters).some((value) => value !== null);
}
