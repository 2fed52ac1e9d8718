// Channel notifications:<user id>: a new notification goes to the top of the cached list,
// the count goes up, and a 5-second toast with a short sound tells the user.
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { limits } from '../../../config/limits';
import { notifications as texts } from '../../../i18n/es/notifications';
import { playNotificationSound } from '../../../lib/play-notification-sound';
import { supabase } from '../../../lib/supabase';
import { toast } from '../../../lib/toast';
import type { AppNotification } from '../../../types/api';

export function useNotificationsRealtime(userId: string) {
  const { cache, mutate } = useSWRConfig();

  useEffect(() => {
    const channel = supabase
      .channel(`notifications:${userId}`, { config: { private: true } })
      .on('broadcast', { event: 'notification_created' }, ({ payload }) => {
        const notification = payload as AppNotification;
        for (const key of cache.keys()) {
          const data = cache.get(key)?.data as unknown;
          if (key.startsWith('$inf$') && key.includes('"notifications"') && Array.isArray(data)) {
            const [first = [], ...rest] = data as AppNotification[][];
            if (!first.some((n) => n.id === notification.id)) void mutate(key, [[notification, ...first], ...rest], { revalidate: false });
          } else if (key.includes('"notifications"') && key.includes('"count"') && typeof data === 'number') {
            void mutate(key, data + 1, { revalidate: false });
          }
        }
        toast.info(notification.message, { title: texts.newTitle, autoClose: limits.liveToastMs });
        playNotificationSound();
      })
      .subscribe();
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [userId, cache, mutate]);
}
