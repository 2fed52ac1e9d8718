// The four feeds: filters button, then the list of chisme cards for the current mode. Live
// updates (supabase-js's realtime client) start once the first rows have painted
// (lib/after-first-content.ts); joining refetches what changed meanwhile.
import { Button, Group } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { memo, useEffect } from 'react';
import type { FeedTab } from '../../config/paths';
import { ChismeCard } from '../../features/chisme/components/chisme-card';
import { FeedList } from '../../features/feed/components/feed-list';
import { useCotilleoMode } from '../../hooks/use-cotilleo-mode';
import { openDialog } from '../../hooks/use-dialogs';
import { hasActiveFilters, useFeedFilters } from '../../hooks/use-feed-filters';
import { feed } from '../../i18n/es/feed';
import { useAfterFirstContent } from '../../lib/after-first-content';

/** A card re-renders only when its chisme changes: turning live updates on re-renders the list. */
const Card = memo(ChismeCard);

export function FeedRoute({ tab }: { tab: FeedTab }) {
  const [cotilleo] = useCotilleoMode();
  const filters = useFeedFilters();
  const live = useAfterFirstContent();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tab` is the trigger: a new tab starts at the top.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [tab]);
  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button
          variant={hasActiveFilters(filters) ? 'light' : 'default'}
          leftSection={<IconFilter size={18} aria-hidden />}
          onClick={() => openDialog({ kind: 'filters' })}
          data-testid="filters-button"
        >
          {feed.filter}
        </Button>
      </Group>
      <FeedList tab={tab} cotilleo={cotilleo} filters={filters} live={live} renderChisme={(chisme) => <Card chisme={chisme} showImageButton={cotilleo} />} />
    </>
  );
}
