// One comment with its replies: "Anónimo N", "Autor" badge, reply (below depth 3), report and
// block (each asks first: neither is undone one by one), "Eliminar comentario" on one's own
// (asks first too), replies collapsed with show/hide and a "+N" button for the rest; the
// "Comentario oculto" / "Comentario eliminado" placeholders keep only their place above the
// replies.
import { ActionIcon, Anchor, Badge, Button, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { IconDots, IconEyeOff, IconFlag, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { LazyConfirmDialog } from '../../../components/lazy-confirm-dialog';
import { CountryFlag } from '../../../components/country-flag';
import { commentReport, comments as texts } from '../../../i18n/es/comments';
import { chisme as chismeTexts } from '../../../i18n/es/chisme';
import { RelativeTime } from '../../../lib/relative-time';
import { toast } from '../../../lib/toast';
import { ApiError } from '../../../lib/api-error';
import { openCrisisSupport } from '../../../hooks/use-dialogs';
import { controls } from '../../../i18n/es/controls';
import { crisis as crisisTexts } from '../../../i18n/es/crisis';
import { errorMessage } from '../../../lib/api-error';
import { useRefetchAfterBlock } from '../../../hooks/use-refetch-after-block';
import { blockCommentAuthor } from '../api/block-comment-author';
import { reportComment } from '../api/report-comment';
import useSWR from 'swr';
import { ReportDialog } from '../../../components/report-dialog';
import { reportReasonsKey } from '../../../lib/report-reasons';
import { getReportReasons } from '../api/report-reasons';
import { canReply, countDescendants, visibleReplies, type CommentNode } from '../utils/build-thread';

type Props = {
  node: CommentNode;
  onReply: (comment: CommentNode) => void;
  /** Deletes one's own comment (after the confirmation); refreshes the thread. */
  onDelete: (comment: CommentNode) => Promise<void>;
  /** No replies here (a thread whose author the caller blocked). */
  canAnswer?: boolean;
};

export function CommentItem({ node, onReply, onDelete, canAnswer = true }: Props) {
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [reported, setReported] = useState(false);
  const [asking, setAsking] = useState<'block' | 'report' | 'delete' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const placeholder = node.is_hidden || node.is_deleted;
  const { shown, hidden } = visibleReplies(node.children, node.depth, expanded);
  const total = countDescendants(node);
  const refetchAfterBlock = useRefetchAfterBlock();

  const block = () => {
    setAsking(null);
    blockCommentAuthor(node.id)
      .then(() => {
        toast.success(controls.block.done);
        refetchAfterBlock();
      })
      .catch((error: unknown) => toast.error(errorMessage(error, controls.block.failed)));
  };

  const remove = () => {
    setDeleting(true);
    void onDelete(node).finally(() => {
      setDeleting(false);
      setAsking(null);
    });
  };

  const [reporting, setReporting] = useState(false);
  const { data: reasons, error: reasonsError } = useSWR(reporting ? reportReasonsKey : null, getReportReasons);
  const report = (reason: string, explanation: string) =>
    reportComment(node.id, reason, explanation)
      .then(() => {
        setReported(true);
        toast.success(commentReport.success);
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.key === 'report_already_exists') {
          setReported(true);
          toast.warning(chismeTexts.report.already);
        } else toast.error(errorMessage(error, commentReport.failed));
      });

  return (
    <Stack gap={6} data-testid="comment" data-depth={node.depth}>
      <Paper withBorder p="sm" radius="md">
        {node.is_hidden ? (
          <Text size="sm" c="dimmed" fs="italic" data-testid="hidden-comment">
            {controls.block.hiddenComment}
          </Text>
        ) : node.is_deleted ? (
          <Text size="sm" c="dimmed" fs="italic" data-testid="deleted-comment">
            {controls.deleteOwn.deletedComment}
          </Text>
        ) : (
          <>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Group gap={6} wrap="wrap">
                <Text fw={600} size="sm">
                  {texts.anonymous(node.commenter_number)}
                </Text>
                {node.is_chisme_author && (
                  <Badge size="xs" color="grape">
                    {texts.author}
                  </Badge>
                )}
                <Text size="xs" c="dimmed">
                  {node.gender} · {chismeTexts.card.years(node.years)}
                </Text>
                <CountryFlag country={node.country} />
              </Group>
              <Text size="xs" c="dimmed" component="time" dateTime={node.created_at}>
                <RelativeTime iso={node.created_at} />
              </Text>
            </Group>
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {node.content}
            </Text>
            {node.crisis && (
              <Anchor component="button" type="button" size="xs" onClick={() => openCrisisSupport(true)} data-testid="crisis-link">
                {crisisTexts.readerLink}
              </Anchor>
            )}
          </>
        )}
        <Group gap="xs" mt={4}>
          {canAnswer && canReply(node) && !placeholder && (
            <Button size="compact-xs" variant="subtle" onClick={() => onReply(node)}>
              {texts.reply}
            </Button>
          )}
          {node.children.length > 0 && (
            <Button size="compact-xs" variant="subtle" color="gray" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
              {open ? texts.hideReplies : texts.showReplies(total)}
            </Button>
          )}
          {node.is_mine && !placeholder && (
            <ActionIcon
              size="sm"
              variant="subtle"
              color="gray"
              aria-label={controls.deleteOwn.comment}
              onClick={() => setAsking('delete')}
              data-testid="delete-comment"
            >
              <IconTrash size={14} aria-hidden />
            </ActionIcon>
          )}
          {!node.is_mine && !placeholder && (
            <ActionIcon size="sm" variant="subtle" color="gray" aria-label={texts.report} disabled={reported} onClick={() => setReporting(true)}>
              <IconFlag size={14} aria-hidden />
            </ActionIcon>
          )}
          {!node.is_mine && !placeholder && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon size="sm" variant="subtle" color="gray" aria-label={controls.moreActions} data-testid="comment-menu">
                  <IconDots size={14} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconEyeOff size={14} aria-hidden />} onClick={() => setAsking('block')}>
                  {controls.block.action}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Paper>
      <LazyConfirmDialog
        opened={asking === 'block'}
        title={controls.block.confirmTitle}
        message={controls.block.confirmMessage}
        confirmLabel={controls.block.confirm}
        danger
        onCancel={() => setAsking(null)}
        onConfirm={block}
      />
      <LazyConfirmDialog
        opened={asking === 'delete'}
        title={controls.deleteOwn.commentTitle}
        message={controls.deleteOwn.commentBody}
        confirmLabel={controls.deleteOwn.confirm}
        danger
        pending={deleting}
        onCancel={() => setAsking(null)}
        onConfirm={remove}
      />
      {reporting && (
        <ReportDialog opened kind="comment" reasons={reasons} loadFailed={reasonsError !== undefined} onClose={() => setReporting(false)} onSend={report} />
      )}
      {open && node.children.length > 0 && (
        <Stack gap={6} pl={{ base: 'xs', sm: 'md' }} style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}>
          {shown.map((child) => (
            <CommentItem key={child.id} node={child} onReply={onReply} onDelete={onDelete} canAnswer={canAnswer} />
          ))}
          {hidden > 0 && (
            <Button size="compact-xs" variant="light" w="fit-content" aria-label={texts.moreRepliesLabel(hidden)} onClick={() => setExpanded(true)}>
              {texts.moreReplies(hidden)}
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
