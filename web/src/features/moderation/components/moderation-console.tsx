// /moderacion: under the page's heading, the appeals (another feature's, given by the route:
// `renderAppeals`, whose decisions refresh the queue), the queue of reported content (live
// through the moderators' topic) and the offensive-word list. Non-moderators are turned away
// (the database refuses them anyway).
import { Alert, Anchor, Button, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-error';
import { moderation as texts } from '../../../i18n/es/moderation';
import { useIsModerator } from '../hooks/use-is-moderator';
import { useModerationQueue } from '../hooks/use-moderation-queue';
import { useModerationRealtime } from '../hooks/use-moderation-realtime';
import { QueueItem } from './queue-item';
import { WordList } from './word-list';

function Queue({ queue }: { queue: ReturnType<typeof useModerationQueue> }) {
  const { items, error, isLoading, isLoadingMore, hasMore, loadMore, mutate } = queue;
  if (isLoading) return <Loader role="status" aria-label={texts.queue.title} />;
  if (error) return <Alert color="red">{errorMessage(error, texts.queue.loadError)}</Alert>;
  if (items.length === 0) return <Text c="dimmed">{texts.queue.empty}</Text>;
  return (
    <Stack gap="sm" data-testid="moderation-queue">
      {items.map((item) => (
        <QueueItem key={`${item.kind}:${item.id}`} item={item} onDecided={() => void mutate()} />
      ))}
      {hasMore && (
        <Button variant="light" onClick={loadMore} loading={isLoadingMore}>
          {texts.queue.loadMore}
        </Button>
      )}
    </Stack>
  );
}

type Props = { renderAppeals?: (onDecided: () => void) => ReactNode };

function ModeratorConsole({ renderAppeals }: Props) {
  const queue = useModerationQueue();
  useModerationRealtime(true, () => void queue.mutate());
  return (
    <Stack gap="lg">
      <Title order={2}>{texts.title}</Title>
      {renderAppeals?.(() => void queue.mutate())}
      <Stack gap="sm">
        <Title order={3}>{texts.queue.title}</Title>
        <Queue queue={queue} />
      </Stack>
      <WordList />
    </Stack>
  );
}

export function ModerationConsole({ renderAppeals }: Props) {
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
  return <ModeratorConsole renderAppeals={renderAppeals} />;
}
