// Under a cotilleo chisme with an image: how long it can still be seen, by the shared clock, or
// that it no longer can. The window itself is the database's (supabase/schemas/25-feed.sql:
// cotilleo, with a file, at most 20 minutes old); `image_viewable` says whether it is still open.
import { Text } from '@mantine/core';
import { files } from '../../../i18n/es/files';
import { useNow } from '../../../lib/relative-time';
import type { FeedChisme } from '../../../lib/feed-chisme';

export const imageWindowMinutes = 20;

export function ImageWindowNote({ chisme }: { chisme: FeedChisme }) {
  const now = useNow();
  const left = Math.ceil((new Date(chisme.created_at).getTime() + imageWindowMinutes * 60_000 - now) / 60_000);
  const open = chisme.image_viewable && left > 0;
  return (
    <Text size="xs" c="dimmed" data-testid="image-window">
      {open ? files.windowLeft(imageWindowMinutes, Math.min(left, imageWindowMinutes)) : files.windowOver(imageWindowMinutes)}
    </Text>
  );
}
