// The thread of one chisme and the form to comment or reply: the body of the comments dialog
// and of the /chismes/:id page.
import { Button, Center, Divider, Loader, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { common } from '../../../i18n/es/common';
import { comments as texts } from '../../../i18n/es/comments';
import { useAddComment } from '../hooks/use-add-comment';
import { useComments } from '../hooks/use-comments';
import { buildThread, type CommentNode } from '../utils/build-thread';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';

type Props = { chismeId: string; cotilleo: boolean; country: string | null; onCommented: (chismeId: string) => void };

export function CommentThread({ chismeId, cotilleo, country, onCommented }: Props) {
  const { rows, isLoading, hasMore, loadMore, insert } = useComments(chismeId);
  const tree = useMemo(() => buildThread(rows), [rows]);
  const [replyTo, setReplyTo] = useState<CommentNode | null>(null);
  const { send, sending } = useAddComment(insert, onCommented);

  return (
    <Stack gap="md">
      <CommentForm chismeId={chismeId} cotilleo={cotilleo} country={country} replyTo={replyTo} onCancelReply={() => setReplyTo(null)} onSend={send} sending={sending} />
      <Divider />
      {isLoading ? (
        <Center py="md">
          <Loader role="status" aria-label={common.loading} />
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
  );
}
