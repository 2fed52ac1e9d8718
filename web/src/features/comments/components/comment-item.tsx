// One comment with its replies: "Anónimo N", "Autor" badge, reply (below depth 3), report,
// replies collapsed with show/hide and a "+N" button for the rest.
import { ActionIcon, Anchor, Badge, Button, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { IconDots, IconEyeOff, IconFlag } from '@tabler/icons-react';
import { useState } from 'react';
import { CountryFlag } from '../../../components/country-flag';
import { commentReport, comments as texts } from '../../../i18n/es/comments';
import { chisme as chismeTexts } from '../../../i18n/es/chisme';
import { relativeTime } from '../../../lib/relative-time';
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

type Props = { node: CommentNode; onReply: (comment: CommentNode) => void };

export function CommentItem({ node, onReply }: Props) {
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [reported, setReported] = useState(false);
  const { shown, hidden } = visibleReplies(node.children, node.depth, expanded);
  const total = countDescendants(node);
  const refetchAfterBlock = useRefetchAfterBlock();

  const block = () => {
    blockCommentAuthor(node.id)
      .then(() => {
        toast.success(controls.block.done);
        refetchAfterBlock();
      })
      .catch((error: unknown) => toast.error(errorMessage(error, controls.block.failed)));
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
                {relativeTime(node.created_at)}
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
          {canReply(node) && !node.is_hidden && (
            <Button size="compact-xs" variant="subtle" onClick={() => onReply(node)}>
              {texts.reply}
            </Button>
          )}
          {node.children.length > 0 && (
            <Button size="compact-xs" variant="subtle" color="gray" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
              {open ? texts.hideReplies : texts.showReplies(total)}
            </Button>
          )}
          {!node.is_mine && !node.is_hidden && (
            <ActionIcon size="sm" variant="subtle" color="gray" aria-label={texts.report} disabled={reported} onClick={() => setReporting(true)}>
              <IconFlag size={14} aria-hidden />
            </ActionIcon>
          )}
          {!node.is_mine && !node.is_hidden && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon size="sm" variant="subtle" color="gray" aria-label={controls.moreActions} data-testid="comment-menu">
                  <IconDots size={14} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconEyeOff size={14} aria-hidden />} onClick={block}>
                  {controls.block.action}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Paper>
      {reporting && (
        <ReportDialog opened kind="comment" reasons={reasons} loadFailed={reasonsError !== undefined} onClose={() => setReporting(false)} onSend={report} />
      )}
      {open && node.children.length > 0 && (
        <Stack gap={6} pl={{ base: 'xs', sm: 'md' }} style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}>
          {shown.map((child) => (
            <CommentItem key={child.id} node={child} onReply={onReply} />
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
