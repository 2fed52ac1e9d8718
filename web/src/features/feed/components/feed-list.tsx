// A feed: pages of chismes with infinite scroll, empty and error states, live counts on the
// cards on screen and, on the recent tab, the "N chismes nuevos" pill (use-feed-realtime).
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { ChismeCardSkeleton } from '../../../components/chisme-card-skeleton';
import { InfiniteSentinel } from '../../../components/infinite-sentinel';
import type { FeedTab } from '../../../config/paths';
import { feed } from '../../../i18n/es/feed';
import type { FeedChisme } from '../../../lib/feed-chisme';
import type { FeedFilters } from '../../../lib/feed-filters';
import { hasActiveFilters } from '../../../hooks/use-feed-filters';
import { useFeed } from '../hooks/use-feed';
import { useFeedRealtime } from '../hooks/use-feed-realtime';
import { useProgressiveRows } from '../hooks/use-progressive-rows';
import { NewChismesPill } from './new-chismes-pill';

type Props = {
  tab: FeedTab;
  cotilleo: boolean;
  filters: FeedFilters;
  renderChisme: (chisme: FeedChisme) => ReactNode;
  live?: boolean;
};

export function FeedList({ tab, cotilleo, filters, renderChisme, live = true }: Props) {
  const { chismes, error, isLoadingFirst, isLoadingMore, hasMore, loadMore, mutate } = useFeed(tab, cotilleo, filters);
  const { observe, newCount, showNew } = useFeedRealtime({ tab, cotilleo, filtered: hasActiveFilters(filters), chismes, mutatePages: mutate, enabled: live });
  const { visible, complete } = useProgressiveRows(chismes);
  const hasRows = chismes.length > 0;
  // The first rows of the first feed of this page load are in the DOM: the bench reads this mark.
  useEffect(() => {
    if (hasRows && performance.getEntriesByName('feed:first-rows').length === 0) performance.mark('feed:first-rows');
  }, [hasRows]);

  if (isLoadingFirst) return <ChismeCardSkeleton count={3} label={feed.loading} />;

  return (
    <Stack gap="md">
      {live && <NewChismesPill count={newCount} onShow={() => void showNew()} />}
      {error !== undefined && (
        <Text c="red" role="alert">
          {feed.loadError}
        </Text>
      )}
      {!error && chismes.length === 0 && (
        <Text ta="center" c="dimmed" py="xl">
          {feed.empty}
        </Text>
      )}
      {chismes.length > 0 && (
        <Stack component="ul" gap="md" aria-label={feed.listLabel} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {visible.map((chisme) => (
            <li key={chisme.id} ref={observe(chisme.id)} data-testid="feed-item">
              {renderChisme(chisme)}
            </li>
          ))}
        </Stack>
      )}
      {/* The end of the feed, said once every row is in. */}
      {!error && !hasMore && complete && chismes.length > 0 && (
        <Text ta="center" c="dimmed" size="sm" py="md" data-testid="feed-end">
          {feed.end}
        </Text>
      )}
      {/* Not before the whole page is in: the sentinel would be on screen under the first rows. */}
      {hasMore && complete && (
        <>
          <InfiniteSentinel onVisible={loadMore} disabled={isLoadingMore} />
          <Center>
            {isLoadingMore ? (
              <Loader size="sm" role="status" aria-label={feed.loadingMore} />
            ) : (
              <Button variant="subtle" onClick={loadMore}>
                {feed.loadMore}
              </Button>
            )}
          </Center>
        </>
      )}
    </Stack>
  );
}
