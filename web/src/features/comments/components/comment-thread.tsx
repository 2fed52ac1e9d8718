// The thread of one chisme and the form to comment or reply: the body of the comments dialog
// and of the /chismes/:id page. Memoised, with a memoised form: a new answer for the chisme
// above it (its counts, a live refetch) or for the comments below does not render the form
// again, whose autosizing textarea measures itself in every commit. The comments arrive through
// SWR, whose updates render synchronously; the list is rendered from a deferred copy instead, in
// slices React can interrupt (bench/README.md, "Cold first visit").
import { Button, Center, Divider, Loader, Stack, Text } from '@mantine/core';
import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { common } from '../../../i18n/es/common';
import { comments as texts } from '../../../i18n/es/comments';
import { useAddComment } from '../hooks/use-add-comment';
import { useComments } from '../hooks/use-comments';
import { buildThread, type CommentNode } from '../utils/build-thread';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';

type Props = { chismeId: string; cotilleo: boolean; country: string | null; onCommented: (chismeId: string) => void };

export const CommentThread = memo(function CommentThread({ chismeId, cotilleo, country, onCommented }: Props) {
  const comments = useComments(chismeId);
  const { hasMore, loadMore, insert } = comments;
  // rows and isLoading change together, so the list never shows "no comments" in between
  const { rows, isLoading } = useDeferredValue(useMemo(() => ({ rows: comments.rows, isLoading: comments.isLoading }), [comments.rows, comments.isLoading]));
  const tree = useMemo(() => buildThread(rows), [rows]);
  const [replyTo, setReplyTo] = useState<CommentNode | null>(null);
  const cancelReply = useCallback(() => setReplyTo(null), []);
  const { send, sending } = useAddComment(insert, onCommented);

  return (
    <Stack gap="md">
      <CommentForm chismeId={chismeId} cotilleo={cotilleo} country={country} replyTo={replyTo} onCancelReply={cancelReply} onSend={send} sending={sending} />
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
});
