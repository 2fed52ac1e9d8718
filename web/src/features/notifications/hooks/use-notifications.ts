// The caller's notifications in pages of 20, plus the total count.
import { useEffect } from 'react';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { limits } from '../../../config/limits';
import type { AppNotification } from '../../../lib/app-notification';
import { countNotifications, getNotifications } from '../api/get-notifications';
import { notificationKeys } from '../api/notification-keys';

// The open lists' own revalidators: a global mutate of an infinite key refetches no page that
// is already cached, only the hook's bound mutate does.
const openLists = new Set<() => void>();

/** Refetches every page of every notification list on screen (after a channel join). */
export function refetchOpenNotificationLists() {
  for (const refetch of openLists) refetch();
}

export function useNotifications(userId: string) {
  const swr = useSWRInfinite(
    (index: number, previous: AppNotification[] | null) =>
      index === 0 || (previous && previous.length >= limits.notificationsPage) ? notificationKeys.page(userId, index) : null,
    getNotifications,
    { revalidateFirstPage: false },
  );
  const count = useSWR(notificationKeys.count(userId), countNotifications);
  const refetchList = swr.mutate;
  useEffect(() => {
    const refetch = () => void refetchList();
    openLists.add(refetch);
    return () => {
      openLists.delete(refetch);
    };
  }, [refetchList]);
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
