// One chisme: who (gender, age, country), when, what, tags, and its actions.
import { Anchor, Badge, Button, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { CountryFlag } from '../../../components/country-flag';
import { openCrisisSupport, openDialog } from '../../../hooks/use-dialogs';
import { crisis as crisisTexts } from '../../../i18n/es/crisis';
import { chisme as texts } from '../../../i18n/es/chisme';
import { RelativeTime } from '../../../lib/relative-time';
import type { FeedChisme } from '../../../lib/feed-chisme';
import { chismeColor } from './chisme-colors';
import { ImageButton } from './image-button';
import { ImageWindowNote } from './image-window-note';
import { LikeButton } from './like-button';
import { ChismeMenu } from './chisme-menu';
import { ReportButton } from './report-button';
import { ShareButton } from './share-button';

type Props = {
  chisme: FeedChisme;
  showImageButton: boolean;
  /** What the comments button does; by default it opens the comments dialog. */
  onComments?: () => void;
};

export function ChismeCard({ chisme, showImageButton, onComments }: Props) {
  const color = chismeColor(chisme.gender, chisme.cotilleo);
  return (
    <Card
      component="article"
      withBorder
      padding="md"
      aria-label={`${chisme.gender}, ${texts.card.years(chisme.years)}`}
      style={{ borderLeft: `4px solid var(--mantine-color-${color}-6)` }}
      data-testid="chisme-card"
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="wrap">
            <Badge color={color} variant="light">
              {chisme.gender}
            </Badge>
            <Text size="sm" c="dimmed">
              {texts.card.years(chisme.years)}
            </Text>
            <CountryFlag country={chisme.country} />
            {chisme.is_mine && (
              <Badge size="xs" variant="outline" color="gray">
                {texts.card.mine}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" component="time" dateTime={chisme.created_at} style={{ whiteSpace: 'nowrap' }}>
            <RelativeTime iso={chisme.created_at} />
          </Text>
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{chisme.content}</Text>
        {chisme.crisis && (
          <Anchor component="button" type="button" size="sm" w="fit-content" onClick={() => openCrisisSupport(true)} data-testid="crisis-link">
            {crisisTexts.readerLink}
          </Anchor>
        )}
        {showImageButton && chisme.cotilleo && chisme.file_exist && <ImageWindowNote chisme={chisme} />}
        {chisme.tags.length > 0 && (
          <Group gap={4}>
            {chisme.tags.map((tag) => (
              <Badge key={tag} size="sm" variant="dot" color={color} tt="none">
                {tag}
              </Badge>
            ))}
          </Group>
        )}
        <Group gap="xs" justify="space-between">
          <Group gap="xs">
            <LikeButton chisme={chisme} />
            <Button
              variant="subtle"
              size="compact-sm"
              color="gray"
              leftSection={<IconMessageCircle size={18} aria-hidden />}
              data-testid="comment-button"
              onClick={onComments ?? (() => openDialog({ kind: 'comments', chismeId: chisme.id }))}
            >
              {chisme.comments} <VisuallyHidden>{texts.card.commentsWord}</VisuallyHidden>
            </Button>
          </Group>
          <Group gap="xs">
            {showImageButton && <ImageButton chisme={chisme} />}
            <ShareButton chismeId={chisme.id} />
            <ReportButton chisme={chisme} />
            <ChismeMenu chisme={chisme} />
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
