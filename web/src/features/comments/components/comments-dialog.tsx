// "Comentarios": the thread of one chisme and the form to comment or reply, in a dialog. The
// chisme itself (its text above the thread, its mode) is read by the chisme feature and handed
// in by app/layout/comments-dialog-host.tsx; null while it loads.
import { Modal, Stack, Text } from '@mantine/core';
import { common } from '../../../i18n/es/common';
import { comments as texts } from '../../../i18n/es/comments';
import type { FeedChisme } from '../../../lib/feed-chisme';
import { CommentForm } from './comment-form';
import { CommentThread } from './comment-thread';

type Props = {
  chismeId: string;
  chisme: Pick<FeedChisme, 'content' | 'cotilleo'> | null;
  onClose: () => void;
  cotilleo: boolean;
  country: string | null;
  onCommented: (chismeId: string) => void;
};

export function CommentsDialog({ chismeId, chisme, onClose, cotilleo, country, onCommented }: Props) {
  return (
    <Modal opened onClose={onClose} title={texts.title} closeButtonProps={{ 'aria-label': common.close }} size="lg" centered>
      <Stack gap="md">
        {chisme && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {chisme.content}
          </Text>
        )}
        <CommentThread chismeId={chismeId} cotilleo={chisme?.cotilleo ?? cotilleo} country={country} onCommented={onCommented} Form={CommentForm} />
      </Stack>
    </Modal>
  );
}
