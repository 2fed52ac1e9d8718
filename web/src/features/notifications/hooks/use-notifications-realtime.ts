// Channel notifications:<user id>: a new notification goes to the top of the cached list and
// the count goes up; a collapsed one that grew ("3 personas comentaron tu chisme") replaces its
// row. A 5-second toast with a short sound tells the user, gated so that a flood is one
// interruption (utils/alert-gate).
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { limits } from '../../../config/limits';
import { notifications as texts } from '../../../i18n/es/notifications';
import { catchUpOnJoin } from '../../../lib/catch-up-on-join';
import { playNotificationSound } from '../../../lib/play-notification-sound';
import { supabase } from '../../../lib/supabase';
import { toast } from '../../../lib/toast';
import type { AppNotification } from '../../../lib/app-notification';
import { createAlertGate } from '../utils/alert-gate';
import { mergeLiveNotification } from '../utils/merge-live-notification';
import { refetchOpenNotificationLists } from './use-notifications';

/** `onNew` hears of each new notification (the layout offers Web Push after the first one). */
export function useNotificationsRealtime(userId: string, onNew?: () => void) {
  const { cache, mutate } = useSWRConfig();

  useEffect(() => {
    const shouldAlert = createAlertGate(limits.liveAlertGaps);
    const receive = (notification: AppNotification, isNew: boolean) => {
      for (const key of cache.keys()) {
        const data = cache.get(key)?.data as unknown;
        if (key.startsWith('$inf$') && key.includes('"notifications"') && Array.isArray(data)) {
          const [first = [], ...rest] = data as AppNotification[][];
          const known = first.some((n) => n.id === notification.id);
          if (known || isNew) void mutate(key, [mergeLiveNotification(first, notification), ...rest], { revalidate: false });
        } else if (isNew && key.includes('"notifications"') && key.includes('"count"') && typeof data === 'number') {
          void mutate(key, data + 1, { revalidate: false });
        }
      }
      if (isNew) onNew?.();
      if (shouldAlert(isNew)) {
        toast.info(notification.message, { title: texts.newTitle, autoClose: limits.liveToastMs });
        playNotificationSound();
      }
    };
    const channel = supabase
      .channel(`notifications:${userId}`, { config: { private: true } })
      .on('broadcast', { event: 'notification_created' }, ({ payload }) => receive(payload as AppNotification, true))
      .on('broadcast', { event: 'notification_updated' }, ({ payload }) => receive(payload as AppNotification, false))
      // notifications that arrived between the list's (or the count's) fetch and the join
      .subscribe(
        catchUpOnJoin(() => {
          refetchOpenNotificationLists();
          for (const key of cache.keys()) if (!key.startsWith('$') && key.includes('"notifications"') && key.includes('"count"')) void mutate(key);
        }),
      );
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [userId, cache, mutate, onNew]);
}
