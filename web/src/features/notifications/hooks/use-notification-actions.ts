// Mark read / all read / delete, keeping every notifications cache in step.
import { useSWRConfig } from 'swr';
import type { AppNotification } from '../../../lib/app-notification';
import { deleteNotification, markAllNotificationsRead, markNotificationRead } from '../api/update-notifications';

type Pages = AppNotification[][];
const isCountKey = (key: unknown) => Array.isArray(key) && key[0] === 'notifications' && key[2] === 'count';
const isUnreadKey = (key: unknown) => isCountKey(key) && (key as unknown[])[3] === 'unread';

export function useNotificationActions() {
  const { cache, mutate } = useSWRConfig();

  const updatePages = (update: (n: AppNotification) => AppNotification | null) => {
    for (const key of cache.keys()) {
      const data = cache.get(key)?.data as unknown;
      if (!key.startsWith('$inf$') || !key.includes('"notifications"') || !Array.isArray(data)) continue;
      const pages = (data as Pages).map((page) => page.map(update).filter((n): n is AppNotification => n !== null));
      void mutate(key, pages, { revalidate: false });
    }
  };

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
