// The caller's notifications in pages of 20, plus the total count.
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { useCachedList } from '../../../lib/cached-lists';
import { limits } from '../../../config/limits';
import type { AppNotification } from '../../../lib/app-notification';
import { countNotifications, getNotifications } from '../api/get-notifications';
import { notificationKeys } from '../api/notification-keys';

export function useNotifications(userId: string) {
  const swr = useSWRInfinite(
    (index: number, previous: AppNotification[] | null) =>
      index === 0 || (previous && previous.length >= limits.notificationsPage) ? notificationKeys.page(userId, index) : null,
    getNotifications,
    { revalidateFirstPage: false },
  );
  useCachedList('notifications', notificationKeys.page(userId, 0), swr);
  const count = useSWR(notificationKeys.count(userId), countNotifications);
  const pages = swr.data ?? [];
  return {
    notifications: pages.flat(),
    total: count.data,
    error: (swr.error ?? count.error) as unknown,
    isLoading: swr.isLoading || count.isLoading,
    hasMore: (pages.at(-1)?.length ?? 0) >= limits.notificationsPage,
    loadMore: () => void swr.setSize(swr.size + 1),
    mutateList: swr.mutate,
    mutateCount: count.mutate,
  };
}
