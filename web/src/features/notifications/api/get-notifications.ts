// A page of the caller's notifications, newest first (RLS shows only one's own).
import { limits } from '../../../config/limits';
import { toApiError } from '../../../lib/api-error';
import { supabase } from '../../../lib/supabase';
import type { notificationKeys } from './notification-keys';
import { type AppNotification, expectNotification } from '../../../lib/app-notification';

export async function getNotifications([, , , page]: ReturnType<typeof notificationKeys.page>): Promise<AppNotification[]> {
  const from = page * limits.notificationsPage;
  const { data, error } = await supabase
    .from('notifications')
    .select('*')
    .order('created_at', { ascending: false })
    .range(from, from + limits.notificationsPage - 1);
  if (error) throw toApiError(error);
  return data.map(expectNotification);
}

export async function countNotifications(): Promise<number> {
  const { count, error } = await supabase.from('notifications').select('*', { count: 'exact', head: true });
  if (error) throw toApiError(error);
  return count ?? 0;
}
