// One notification: unread highlight, open the chisme's comments, delete. The chisme it is
// about shows once: quoted in the message, or as the snippet line (a collapsed notification's
// message quotes nothing), or, for a notice that carries no snippet (a chisme hidden by
// reports), as the screen renders a chisme id (`renderSubject`: this feature does not read
// chismes itself). A moderation decision links to its reasons in "Mis decisiones".
import { Anchor, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useState, type ReactNode } from 'react';
import { openDialog } from '../../../hooks/use-dialogs';
import { notifications as texts } from '../../../i18n/es/notifications';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { RelativeTime } from '../../../lib/relative-time';
import type { AppNotification } from '../../../lib/app-notification';
import { useAutoMarkRead } from '../hooks/use-auto-mark-read';
import { useNotificationActions } from '../hooks/use-notification-actions';

export type RenderSubject = (chismeId: string) => ReactNode;

type Props = { notification: AppNotification; renderSubject?: RenderSubject };

export function NotificationItem({ notification, renderSubject }: Props) {
  const actions = useNotificationActions();
  const [deleting, setDeleting] = useState(false);
  useAutoMarkRead(notification.is_read, () => actions.markRead(notification.id));
  const chismeId = notification.data?.chismeId;
  const snippet = notification.data?.snippet;

  return (
    <Paper
      withBorder
      p="sm"
      data-testid="notification-item"
      data-read={notification.is_read}
      aria-label={notification.is_read ? notification.message : `${texts.unread}: ${notification.message}`}
      style={notification.is_read ? undefined : { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <UnstyledButton
            onClick={() => chismeId && openDialog({ kind: 'comments', chismeId })}
            disabled={!chismeId}
            aria-label={`${texts.open}: ${notification.message}`}
          >
            <Text fw={notification.is_read ? 400 : 600} style={{ overflowWrap: 'anywhere' }}>
              {notification.message}
            </Text>
          </UnstyledButton>
          {snippet && !notification.message.includes(snippet) && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {snippet}
            </Text>
          )}
          {!snippet && chismeId && renderSubject?.(chismeId)}
          {(notification.data?.statementId || notification.data?.reportId || notification.data?.complaintId) && (
            // a moderation decision: its reasons, and how to complain, are in "Mis decisiones"
            <Anchor component={Link} to={paths.decisions} size="sm" data-testid="notification-decisions">
              {texts.decisions}
            </Anchor>
          )}
          <Text size="xs" c="dimmed">
            <RelativeTime iso={notification.created_at} />
          </Text>
        </Stack>
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          // Never narrower than its word: the text beside it wraps instead ("Elim" on phones).
          style={{ flexShrink: 0 }}
          disabled={deleting}
          onClick={() => {
            setDeleting(true);
            actions.remove(notification.id).catch((error: unknown) => {
              console.error('delete notification failed', error);
              toast.error(errorMessage(error, texts.deleteFailed));
              setDeleting(false);
            });
          }}
        >
          {deleting ? texts.deleting : texts.delete}
        </Button>
      </Group>
    </Paper>
  );
}
