// "Notificaciones" tab: count text and the list.
import { Center, Loader, Stack, Text } from '@mantine/core';
import { common } from '../../../i18n/es/common';
import { profile } from '../../../i18n/es/profile';
import { useNotifications } from '../hooks/use-notifications';
import { NotificationList } from './notification-list';
import type { RenderSubject } from './notification-item';

/** `renderSubject`: how the screen names the chisme of a notice that quotes none. */
export function NotificationsPanel({ userId, renderSubject }: { userId: string; renderSubject?: RenderSubject }) {
  const { notifications, total, error, isLoading, hasMore, loadMore } = useNotifications(userId);
  if (isLoading) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={common.loading} />
      </Center>
    );
  }
  if (error) {
    return (
      <Text c="red" role="alert">
        {profile.loadError}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <Text fw={600}>{profile.notificationsCount(total ?? notifications.length)}</Text>
      <NotificationList notifications={notifications} hasMore={hasMore} onLoadMore={loadMore} renderSubject={renderSubject} />
    </Stack>
  );
}
