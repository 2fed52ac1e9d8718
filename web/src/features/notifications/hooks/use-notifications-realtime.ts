// Channel notifications:<user id>: the database's flush sends at most one `notifications`
// message per person per interval (supabase/schemas/80-realtime.sql), with every row created
// or collapsed in it ("3 personas comentaron tu chisme" replaces its row). New ones go to the
// top of the cached lists and the counts go up. A 5-second toast with a short sound tells the
// user, gated so that a flood is one interruption (utils/alert-gate).
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { limits } from '../../../config/limits';
import { notifications as texts } from '../../../i18n/es/notifications';
import { keysOf, patchLists, refetchMountedLists } from '../../../lib/cached-lists';
import { catchUpOnJoin } from '../../../lib/catch-up-on-join';
import { playNotificationSound } from '../../../lib/play-notification-sound';
import { supabase } from '../../../lib/supabase';
import { toast } from '../../../lib/toast';
import type { AppNotification } from '../../../lib/app-notification';
import { createAlertGate } from '../utils/alert-gate';
import { mergeLiveNotification } from '../utils/merge-live-notification';

/** Payload of `notifications`: the interval's new rows and collapsed rows, oldest first. */
type NotificationsMessage = { created: AppNotification[]; updated: AppNotification[] };

/** The count keys, `['notifications', user, 'count', …]`. */
const isNotificationCountKey = (key: unknown) => keysOf('notifications')(key) && (key as unknown[])[2] === 'count';

/** `onNew` hears of each new notification (the layout offers Web Push after the first one). */
export function useNotificationsRealtime(userId: string, onNew?: () => void) {
  const { mutate } = useSWRConfig();

  useEffect(() => {
    const shouldAlert = createAlertGate(limits.liveAlertGaps);
    const receive = ({ created, updated }: NotificationsMessage) => {
      const newIds = new Set(created.map((n) => n.id));
      patchLists('notifications', (pages) => {
        const [first = [], ...rest] = pages as AppNotification[][];
        let next = first;
        for (const notification of [...created, ...updated]) {
          if (newIds.has(notification.id) || next.some((n) => n.id === notification.id)) next = mergeLiveNotification(next, notification);
        }
        return next === first ? null : [next, ...rest];
      });
      if (created.length > 0)
        void mutate(isNotificationCountKey, (count: unknown) => (typeof count === 'number' ? count + created.length : count), { revalidate: false });
      for (let k = 0; k < created.length; k++) onNew?.();
      const latest = [...created, ...updated].at(-1);
      if (latest && shouldAlert(created.length > 0)) {
        toast.info(latest.message, { title: texts.newTitle, autoClose: limits.liveToastMs });
        playNotificationSound();
      }
    };
    const channel = supabase
      .channel(`notifications:${userId}`, { config: { private: true } })
      .on('broadcast', { event: 'notifications' }, ({ payload }) => receive(payload as NotificationsMessage))
      // notifications that arrived between the list's (or the count's) fetch and the join
      .subscribe(
        catchUpOnJoin(() => {
          refetchMountedLists('notifications');
          void mutate(isNotificationCountKey);
        }),
      );
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [userId, mutate, onNew]);
}
