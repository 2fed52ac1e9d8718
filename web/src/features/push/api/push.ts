// Web Push through the database and the push-send function (docs/api.md, "Web Push"): this
// device's subscription, the person's devices and settings, the VAPID public key, and marking
// read the notification a push opened.
import { toApiError } from '../../../lib/api-error';
import { supabase } from '../../../lib/supabase';

export interface PushSettings {
  comments: boolean;
  replies: boolean;
  likes: boolean;
  quiet_hours: boolean;
  quiet_start: string;
  quiet_end: string;
  time_zone: string;
  show_text: boolean;
}

export interface PushDevice {
  id: string;
  user_agent_family: string;
  created_at: string;
  last_success_at: string | null;
  this_device: boolean;
}

export const pushKeys = {
  settings: (userId: string) => ['push', userId, 'settings'] as const,
  devices: (userId: string) => ['push', userId, 'devices'] as const,
};

/** The key browsers subscribe with; the function that signs the pushes answers it. */
export async function getVapidPublicKey(): Promise<string> {
  const { data, error } = await supabase.functions.invoke<{ publicKey: string }>('push-send', { method: 'GET' });
  if (error || !data?.publicKey) throw error ?? new Error('push-send answered no public key');
  return data.publicKey;
}

export async function saveSubscription(subscription: PushSubscriptionJSON, timeZone: string): Promise<void> {
  const { error } = await supabase.rpc('save_push_subscription', {
    p_endpoint: subscription.endpoint ?? '',
    p_p256dh: subscription.keys?.p256dh ?? '',
    p_auth: subscription.keys?.auth ?? '',
    p_time_zone: timeZone,
  });
  if (error) throw toApiError(error);
}

export async function deleteSubscription(endpoint: string): Promise<void> {
  const { error } = await supabase.rpc('delete_push_subscription', { p_endpoint: endpoint });
  if (error) throw toApiError(error);
}

export async function deleteDevice(id: string): Promise<void> {
  const { error } = await supabase.rpc('delete_push_device', { p_id: id });
  if (error) throw toApiError(error);
}

export async function getDevices(): Promise<PushDevice[]> {
  const { data, error } = await supabase.rpc('get_my_push_devices', undefined, { get: true });
  if (error) throw toApiError(error);
  return (data ?? []) as PushDevice[];
}

export async function getSettings(): Promise<PushSettings> {
  const { data, error } = await supabase.rpc('get_push_settings', undefined, { get: true });
  if (error) throw toApiError(error);
  return data as unknown as PushSettings;
}

export async function updateSettings(change: Partial<PushSettings>): Promise<PushSettings> {
  const text = (value: boolean | string | undefined) => (value === undefined ? undefined : String(value));
  const { data, error } = await supabase.rpc('update_push_settings', {
    p_comments: text(change.comments),
    p_replies: text(change.replies),
    p_likes: text(change.likes),
    p_quiet_hours: text(change.quiet_hours),
    p_quiet_start: change.quiet_start,
    p_quiet_end: change.quiet_end,
    p_time_zone: change.time_zone,
    p_show_text: text(change.show_text),
  });
  if (error) throw toApiError(error);
  return data as unknown as PushSettings;
}

/** The notification a tapped push stood for is read (it opened its thread). */
export async function markPushedNotificationRead(id: string): Promise<void> {
  const { error } = await supabase.rpc('mark_notification_read', { p_id: id });
  if (error) throw toApiError(error);
}
