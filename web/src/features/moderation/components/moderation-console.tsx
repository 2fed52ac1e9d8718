// /moderacion: the queue of reported content (live through the moderators' topic) and the
// offensive-word list. Non-moderators are turned away (the database refuses them anyway).
import { Alert, Anchor, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useSWRConfig } from 'swr';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-error';
import { moderation as texts } from '../../../i18n/es/moderation';
import { useIsModerator } from '../hooks/use-is-moderator';
import { useModerationQueue } from '../hooks/use-moderation-queue';
import { useModerationRealtime } from '../hooks/use-moderation-realtime';
import { moderationKeys } from '../api/moderation-keys';
import { ComplaintsList } from './complaints-list';
import { QueueItem } from './queue-item';
import { WordList } from './word-list';

/** Revalidates every loaded page of the queue and the complaints: after a decision (a
 * restore, a reversal) and on each report or complaint of the moderators' topic. */
function useRefreshModeration(mutateQueue: () => void) {
  const { mutate } = useSWRConfig();
  return () => {
    mutateQueue();
    void mutate(moderationKeys.complaints);
  };
}

function Queue() {
  const { items, error, isLoading, isLoadingMore, hasMore, loadMore, mutate } = useModerationQueue();
  const refresh = useRefreshModeration(() => void mutate());
  useModerationRealtime(true, refresh);
  if (isLoading) return <Loader role="status" aria-label={texts.queue.title} />;
  if (error) return <Alert color="red">{errorMessage(error, texts.queue.loadError)}</Alert>;
  return (
    <Stack gap="sm" data-testid="moderation-queue">
      <ComplaintsList onDecided={refresh} />
      <Title order={3}>{texts.queue.title}</Title>
      {items.length === 0 && <Text c="dimmed">{texts.queue.empty}</Text>}
      {items.map((item) => (
        <QueueItem key={`${item.kind}:${item.id}`} item={item} onDecided={refresh} />
      ))}
      {hasMore && (
        <Button variant="light" onClick={loadMore} loading={isLoadingMore}>
          {texts.queue.loadMore}
        </Button>
      )}
    </Stack>
  );
}

export function ModerationConsole() {
  const isModerator = useIsModerator();
  if (!isModerator) {
    return (
      <Alert color="red" title={texts.title} data-testid="moderation-denied">
        <Text>{texts.notAllowed}</Text>
        <Anchor component={Link} to={paths.feed.recent}>
          {texts.backToFeed}
        </Anchor>
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <Title order={2}>{texts.title}</Title>
      <Queue />
      <WordList />
    </Stack>
  );
}
