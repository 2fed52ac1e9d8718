import { Button, VisuallyHidden } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useSession } from '../../../lib/auth';
import { chisme as texts } from '../../../i18n/es/chisme';
import type { FeedChisme } from '../../../lib/feed-chisme';
import { useToggleLike } from '../hooks/use-toggle-like';

export function LikeButton({ chisme }: { chisme: FeedChisme }) {
  const session = useSession();
  const { toggleLike, pending } = useToggleLike();
  const disabled = chisme.is_mine || session.status !== 'signed-in';
  return (
    <Button
      variant={chisme.liked_by_me ? 'light' : 'subtle'}
      color="red"
      size="compact-sm"
      leftSection={chisme.liked_by_me ? <IconHeartFilled size={18} aria-hidden /> : <IconHeart size={18} aria-hidden />}
      aria-pressed={chisme.liked_by_me}
      data-testid="like-button"
      disabled={disabled}
      loading={false}
      onClick={() => !pending && void toggleLike(chisme)}
    >
      {/* The accessible name starts with the visible count: "3 me gusta" (WCAG 2.5.3). */}
      {chisme.likes} <VisuallyHidden>{texts.card.likesWord}</VisuallyHidden>
    </Button>
  );
}
