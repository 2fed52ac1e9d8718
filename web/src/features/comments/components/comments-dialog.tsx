// "Comentarios": the thread of one chisme and the form to comment or reply, in a dialog.
import { Modal, Stack, Text } from '@mantine/core';
import { common } from '../../../i18n/es/common';
import { comments as texts } from '../../../i18n/es/comments';
import { useChisme } from '../hooks/use-chisme';
import { CommentThread } from './comment-thread';

type Props = { chismeId: string; onClose: () => void; cotilleo: boolean; country: string | null };

export function CommentsDialog({ chismeId, onClose, cotilleo, country }: Props) {
  const { chisme } = useChisme(chismeId);
  return (
    <Modal opened onClose={onClose} title={texts.title} closeButtonProps={{ 'aria-label': common.close }} size="lg" centered>
      <Stack gap="md">
        {chisme && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {chisme.content}
          </Text>
        )}
        <CommentThread chismeId={chismeId} cotilleo={chisme?.cotilleo ?? cotilleo} country={country} />
      </Stack>
    </Modal>
  );
}
