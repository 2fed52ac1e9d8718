// "Comentarios": the thread of one chisme and the form to comment or reply, in a dialog. The
// chisme itself (its text above the thread, its mode) is read by the chisme feature and handed
// in by app/layout/comments-dialog-host.tsx; null while it loads. A chisme the caller cannot
// see (`missing`: unknown, deleted, hidden, or by someone they blocked, as a notification from
// before may point to) gets the not-found text and no form, with the caller's own earlier
// comments there when the author was blocked (comment-thread.tsx, UnavailableThread). A chisme its
// author deleted after others commented is the "Chisme eliminado" placeholder: their comments,
// and no form (ClosedThread).
import { Modal, Stack, Text } from '@mantine/core';
import { chisme as chismeTexts } from '../../../i18n/es/chisme';
import { common } from '../../../i18n/es/common';
import { comments as texts } from '../../../i18n/es/comments';
import type { FeedChisme } from '../../../lib/feed-chisme';
import { CommentForm } from './comment-form';
import { ClosedThread, CommentThread, DeletedChisme, UnavailableThread } from './comment-thread';

type Props = {
  chismeId: string;
  chisme: Pick<FeedChisme, 'content' | 'cotilleo' | 'is_deleted'> | null;
  /** The chisme answered null: nothing to comment on. */
  missing?: boolean;
  onClose: () => void;
  cotilleo: boolean;
  country: string | null;
  onCommented: (chismeId: string) => void;
};

export function CommentsDialog({ chismeId, chisme, missing = false, onClose, cotilleo, country, onCommented }: Props) {
  if (missing) {
    return (
      <Modal opened onClose={onClose} title={texts.title} closeButtonProps={{ 'aria-label': common.close }} size="lg" centered>
        <Stack gap="md">
          <Text fw={600} data-testid="chisme-not-found">
            {chismeTexts.page.notFound}
          </Text>
          <UnavailableThread chismeId={chismeId} onChanged={onCommented} />
        </Stack>
      </Modal>
    );
  }
  if (chisme?.is_deleted) {
    return (
      <Modal opened onClose={onClose} title={texts.title} closeButtonProps={{ 'aria-label': common.close }} size="lg" centered>
        <Stack gap="md">
          <DeletedChisme />
          <ClosedThread chismeId={chismeId} onChanged={onCommented} />
        </Stack>
      </Modal>
    );
  }
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
