// The caller's notifications with "mark all read" and paging.
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications as texts } from '../../../i18n/es/notifications';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import type { AppNotification } from '../../../lib/app-notification';
import { useNotificationActions } from '../hooks/use-notification-actions';
import { NotificationItem, type RenderSubject } from './notification-item';

type Props = { notifications: AppNotification[]; hasMore: boolean; onLoadMore: () => void; renderSubject?: RenderSubject };

export function NotificationList({ notifications, hasMore, onLoadMore, renderSubject }: Props) {
  const actions = useNotificationActions();
  if (notifications.length === 0) {
    return (
      <Text ta="center" c="dimmed" py="xl">
        {texts.empty}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={notifications.every((n) => n.is_read)}
          onClick={() =>
            void actions.markAllRead().catch((error: unknown) => {
              console.error('mark all read failed', error);
              toast.error(errorMessage(error, texts.markAllFailed));
            })
          }
        >
          {texts.markAllRead}
        </Button>
      </Group>
      <Stack component="ul" gap="sm" aria-label={texts.listLabel} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {notifications.map((notification) => (
          <li key={notification.id}>
            <NotificationItem notification={notification} renderSubject={renderSubject} />
          </li>
        ))}
      </Stack>
      {hasMore && (
        <Button variant="subtle" onClick={onLoadMore}>
          {texts.loadMore}
        </Button>
      )}
    </Stack>
  );
}
