// Mark read / all read / delete, keeping every notifications cache in step.
import { useSWRConfig } from 'swr';
import type { AppNotification } from '../../../lib/app-notification';
import { patchLists } from '../../../lib/cached-lists';
import { deleteNotification, markAllNotificationsRead, markNotificationRead } from '../api/update-notifications';

type Pages = AppNotification[][];
const isCountKey = (key: unknown) => Array.isArray(key) && key[0] === 'notifications' && key[2] === 'count';
const isUnreadKey = (key: unknown) => isCountKey(key) && (key as unknown[])[3] === 'unread';

export function useNotificationActions() {
  const { mutate } = useSWRConfig();

  const updatePages = (update: (n: AppNotification) => AppNotification | null) =>
    patchLists('notifications', (pages) => (pages as Pages).map((page) => page.map(update).filter((n): n is AppNotification => n !== null)));

  return {
    markRead: async (id: string) => {
      await markNotificationRead(id);
      updatePages((n) => (n.id === id ? { ...n, is_read: true } : n));
      void mutate(isUnreadKey);
    },
    markAllRead: async () => {
      await markAllNotificationsRead();
      updatePages((n) => ({ ...n, is_read: true }));
      void mutate(isUnreadKey);
    },
    remove: async (id: string) => {
      await deleteNotification(id);
      updatePages((n) => (n.id === id ? null : n));
      void mutate(isCountKey);
    },
  };
}
