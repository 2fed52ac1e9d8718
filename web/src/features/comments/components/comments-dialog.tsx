// "Comentarios": the thread of one chisme and the form to comment or reply.
import { Button, Center, Divider, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { common } from '../../../i18n/es/common';
import { comments as texts } from '../../../i18n/es/comments';
import { commentKeys } from '../api/get-comments';
import { getChisme } from '../api/get-chisme';
import { useAddComment } from '../hooks/use-add-comment';
import { useComments } from '../hooks/use-comments';
import { buildThread, type CommentNode } from '../utils/build-thread';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';

type Props = { chismeId: string; onClose: () => void; cotilleo: boolean; country: string | null };

export function CommentsDialog({ chismeId, onClose, cotilleo, country }: Props) {
  const { rows, isLoading, hasMore, loadMore, insert } = useComments(chismeId);
  const { data: chisme } = useSWR(commentKeys.chisme(chismeId), ([, id]) => getChisme(id), { revalidateOnFocus: false });
  const tree = useMemo(() => buildThread(rows), [rows]);
  const [replyTo, setReplyTo] = useState<CommentNode | null>(null);
  const { send, sending } = useAddComment(insert);

  return (
    <Modal opened onClose={onClose} title={texts.title} closeButtonProps={{ 'aria-label': common.close }} size="lg" centered>
      <Stack gap="md">
        {chisme && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {chisme.content}
          </Text>
        )}
        <CommentForm
          chismeId={chismeId}
          cotilleo={chisme?.cotilleo ?? cotilleo}
          country={country}
          replyTo={replyTo}
          onCancelReply={() => setReplyTo(null)}
          onSend={send}
          sending={sending}
        />
        <Divider />
        {isLoading ? (
          <Center py="md">
            <Loader aria-label={common.loading} />
          </Center>
        ) : tree.length === 0 ? (
          <Text c="dimmed" ta="center">
            {texts.empty}
          </Text>
        ) : (
          <Stack component="section" gap="sm" aria-label={texts.listLabel}>
            {tree.map((node) => (
              <CommentItem key={node.id} node={node} onReply={setReplyTo} />
            ))}
          </Stack>
        )}
        {hasMore && (
          <Button variant="subtle" onClick={loadMore}>
            {texts.loadMore}
          </Button>
        )}
      </Stack>
    </Modal>
  );
}
