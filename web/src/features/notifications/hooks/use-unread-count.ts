// The caller's unread notifications, kept live by use-notifications-realtime (+1 per new one,
// refetch on join) and by use-notification-actions (refetch after read / delete).
import useSWR from 'swr';
import { countUnreadNotifications } from '../api/count-unread-notifications';
import { notificationKeys } from '../api/notification-keys';

export function useUnreadCount(userId: string): number | undefined {
  const { data } = useSWR(notificationKeys.unread(userId), countUnreadNotifications);
  return data;
}
