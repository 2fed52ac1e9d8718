// Web Push through the database and the push-send function (docs/api.md, "Web Push"): this
// device's subscription, the person's devices and settings, the VAPID public key, and marking
// read the notification a push opened.
import { type Checked, expectAnswer, isBoolean, isString, shaped } from '../../../lib/answer-shape';
import { getArgs } from '../../../lib/get-args';
import { rpc } from '../../../lib/rpc';
import { supabase } from '../../../lib/supabase';

// get_push_settings and update_push_settings answer json (the generator says `Json`), checked
// where it arrives (lib/answer-shape.ts).
const pushSettingsShape = {
  comments: isBoolean,
  replies: isBoolean,
  likes: isBoolean,
  quiet_hours: isBoolean,
  quiet_start: isString,
  quiet_end: isString,
  time_zone: isString,
  show_text: isBoolean,
};
export type PushSettings = Checked<typeof pushSettingsShape>;
const isPushSettings = shaped(pushSettingsShape);

/** A device of the person's; never pushed to yet when `last_success_at` is null (a `returns
 * table` column may be null, which the generator cannot say). */
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
  await rpc('save_push_subscription', {
    p_endpoint: subscription.endpoint ?? '',
    p_p256dh: subscription.keys?.p256dh ?? '',
    p_auth: subscription.keys?.auth ?? '',
    p_time_zone: timeZone,
  });
}

export async function deleteSubscription(endpoint: string): Promise<void> {
  await rpc('delete_push_subscription', { p_endpoint: endpoint });
}

export async function deleteDevice(id: string): Promise<void> {
  await rpc('delete_push_device', { p_id: id });
}

export async function getDevices(): Promise<PushDevice[]> {
  return (await rpc('get_my_push_devices', getArgs({}), { get: true })) ?? [];
}

export async function getSettings(): Promise<PushSettings> {
  return expectAnswer(await rpc('get_push_settings', getArgs({}), { get: true }), isPushSettings, 'get_push_settings');
}

export async function updateSettings(change: Partial<PushSettings>): Promise<PushSettings> {
  const text = (value: boolean | string | undefined) => (value === undefined ? undefined : String(value));
  const answer = await rpc('update_push_settings', {
    p_comments: text(change.comments),
    p_replies: text(change.replies),
    p_likes: text(change.likes),
    p_quiet_hours: text(change.quiet_hours),
    p_quiet_start: change.quiet_start,
    p_quiet_end: change.quiet_end,
    p_time_zone: change.time_zone,
    p_show_text: text(change.show_text),
  });
  return expectAnswer(answer, isPushSettings, 'update_push_settings');
}

/** The notification a tapped push stood for is read (it opened its thread). */
export async function markPushedNotificationRead(id: string): Promise<void> {
  await rpc('mark_notification_read', { p_id: id });
}
