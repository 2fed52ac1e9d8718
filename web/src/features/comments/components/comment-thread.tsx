// The thread of one chisme and the form to comment or reply: the body of the comments dialog
// and of the /chismes/:id page. Memoised, with a memoised form: a new answer for the chisme
// above it (its counts, a live refetch) or for the comments below does not render the form
// again, whose autosizing textarea measures itself in every commit. The comments arrive through
// SWR, whose updates render synchronously; the list is rendered from a deferred copy instead, in
// slices React can interrupt (bench/README.md, "Cold first visit").
// The form is handed in: the dialog gives the form itself (its focus trap needs the textarea at
// once); a shared link gives a lazily loaded one that mounts one idle moment after the list has
// committed, in a place of the form's height kept empty meanwhile, so the form's Mantine chunk
// (Select, Combobox, Textarea) and its first commit are tasks of their own, not the list's
// (bench/README.md, "The shared link's comment form").
import { Alert, Box, Button, Center, Divider, Loader, Stack, Text } from '@mantine/core';
import { memo, Suspense, useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { common } from '../../../i18n/es/common';
import { comments as texts } from '../../../i18n/es/comments';
import { controls } from '../../../i18n/es/controls';
import { useIdleAfter } from '../../../lib/after-first-content';
import { errorMessage } from '../../../lib/api-error';
import { forgetOwnComment } from '../../../lib/own-content';
import { toast } from '../../../lib/toast';
import { deleteMyComment } from '../api/delete-my-comment';
import { useAddComment } from '../hooks/use-add-comment';
import { useComments } from '../hooks/use-comments';
import { buildThread, type CommentNode } from '../utils/build-thread';
import type { CommentFormProps } from './comment-form';
import { CommentItem } from './comment-item';

/** The empty form's height in px (Mantine's default theme; measured at 360, 412 and 1350 px wide). */
const formHeight = 218;

type Props = {
  chismeId: string;
  cotilleo: boolean;
  country: string | null;
  onCommented: (chismeId: string) => void;
  /** comment-form.tsx's CommentForm, or a React.lazy of it. */
  Form: ComponentType<CommentFormProps>;
  /** Mount the form one idle moment after the list (or its empty state) has committed. */
  formAfterList?: boolean;
  /** Mount the form now (whatever formAfterList says) and focus its textarea when it comes: the
   *  chisme's comments button, pressed before the form was there. */
  focusForm?: boolean;
};

/** Deletes one's own comment and asks for the thread and the chisme's counts again. */
function useDeleteComment(chismeId: string, refresh: () => void, onChanged: (chismeId: string) => void) {
  return useCallback(
    async (comment: CommentNode) => {
      try {
        await deleteMyComment(comment.id);
        forgetOwnComment(comment.id);
        toast.success(controls.deleteOwn.commentDone);
      } catch (error: unknown) {
        toast.error(errorMessage(error, controls.deleteOwn.failed));
      }
      refresh();
      onChanged(chismeId);
    },
    [chismeId, refresh, onChanged],
  );
}

/**
 * A thread the caller cannot see (its chisme unknown, deleted, hidden or by someone they
 * blocked): no form. When the caller's own earlier comments come back, the author was blocked
 * (get_comments answers a blocker only their own comments there,
 * docs/decisions/0033-blocks-hold-every-path.md): say so, and list them to delete.
 */
export function UnavailableThread({ chismeId, onChanged }: { chismeId: string; onChanged: (chismeId: string) => void }) {
  const { rows, isLoading, refresh } = useComments(chismeId);
  const remove = useDeleteComment(chismeId, refresh, onChanged);
  if (isLoading || rows.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="blocked-thread">
      <Alert color="gray" title={controls.blockedThread.title}>
        {controls.blockedThread.body}
      </Alert>
      <Stack component="section" gap="sm" aria-label={texts.listLabel}>
        {rows.map((row) => (
          <CommentItem key={row.id} node={{ ...row, children: [] }} onReply={noReply} onDelete={remove} canAnswer={false} />
        ))}
      </Stack>
    </Stack>
  );
}

const noReply = () => undefined;

/**
 * The thread of a "Chisme eliminado" placeholder (docs/decisions/0034-deletion-keeps-others-words.md):
 * the comments other people wrote stay, each deletable by its author, with no form and no
 * "Responder": the database takes no comment there.
 */
export function ClosedThread({ chismeId, onChanged }: { chismeId: string; onChanged: (chismeId: string) => void }) {
  const { rows, isLoading, hasMore, loadMore, refresh } = useComments(chismeId);
  const remove = useDeleteComment(chismeId, refresh, onChanged);
  const tree = useMemo(() => buildThread(rows), [rows]);
  if (isLoading) {
    return (
      <Center py="md">
        <Loader role="status" aria-label={common.loading} />
      </Center>
    );
  }
  return (
    <Stack gap="sm" data-testid="closed-thread">
      <Stack component="section" gap="sm" aria-label={texts.listLabel}>
        {tree.map((node) => (
          <CommentItem key={node.id} node={node} onReply={noReply} onDelete={remove} canAnswer={false} />
        ))}
      </Stack>
      {hasMore && (
        <Button variant="subtle" onClick={loadMore}>
          {texts.loadMore}
        </Button>
      )}
    </Stack>
  );
}

/** The "Chisme eliminado" card that stands where a deleted chisme was, above its kept comments. */
export function DeletedChisme() {
  return (
    <Alert color="gray" title={controls.deleteOwn.deletedChisme} data-testid="deleted-chisme">
      {controls.deleteOwn.deletedChismeBody}
    </Alert>
  );
}

export const CommentThread = memo(function CommentThread({ chismeId, cotilleo, country, onCommented, Form, formAfterList = false, focusForm = false }: Props) {
  const comments = useComments(chismeId);
  const { hasMore, loadMore, insert, refresh } = comments;
  const remove = useDeleteComment(chismeId, refresh, onCommented);
  // rows and isLoading change together, so the list never shows "no comments" in between
  const { rows, isLoading } = useDeferredValue(useMemo(() => ({ rows: comments.rows, isLoading: comments.isLoading }), [comments.rows, comments.isLoading]));
  const tree = useMemo(() => buildThread(rows), [rows]);
  const [replyTo, setReplyTo] = useState<CommentNode | null>(null);
  const cancelReply = useCallback(() => setReplyTo(null), []);
  const { send, sending } = useAddComment(insert, onCommented);
  const formIdle = useIdleAfter(formAfterList && !isLoading);
  // The form's place while it waits: its height, so the list below does not move when it comes.
  const formPlace = <Box mih={formHeight} data-testid="comment-form-place" />;

  return (
    <Stack gap="md">
      {formAfterList && !formIdle && !focusForm ? (
        formPlace
      ) : (
        <Suspense fallback={formPlace}>
          <Form chismeId={chismeId} cotilleo={cotilleo} country={country} replyTo={replyTo} onCancelReply={cancelReply} onSend={send} sending={sending} />
          {focusForm && <FocusTextareaOnCommit />}
        </Suspense>
      )}
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
            <CommentItem key={node.id} node={node} onReply={setReplyTo} onDelete={remove} />
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

/** Focuses the thread's textarea in the commit that mounts the form beside it in its Suspense
 *  boundary (a layout effect: the focus is there before the browser paints the form). Its own
 *  hidden marker finds the thread: a child's ref is set before its layout effects run, a
 *  parent's is not yet when both mount together. */
function FocusTextareaOnCommit() {
  const marker = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    marker.current?.parentElement?.querySelector('textarea')?.focus();
  }, []);
  return <span ref={marker} hidden />;
}
