// Mark read (one or all) and delete. One notification that is already gone (the 100-cap or
// the 30-day retention) answers false and is not an error: the list simply drops it.
import { rpc } from '../../../lib/rpc';

export async function markNotificationRead(id: string): Promise<void> {
  await rpc('mark_notification_read', { p_id: id });
}

/** How many were marked. */
export async function markAllNotificationsRead(): Promise<number> {
  return (await rpc('mark_all_notifications_read', {})) ?? 0;
}

export async function deleteNotification(id: string): Promise<void> {
  await rpc('delete_notification', { p_id: id });
}
