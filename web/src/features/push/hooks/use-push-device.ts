// This device's push state, shared by the offer and the settings (one store per page): whether
// the browser can, whether the person allowed it, and whether this device is subscribed.
// Only a tap calls enable(), and enable() asks the browser's permission first of all, inside
// that tap's user activation.
import { useEffect, useSyncExternalStore } from 'react';
import { mutate } from 'swr';
import { push } from '../../../i18n/es/push';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { deleteSubscription, getVapidPublicKey, pushKeys, saveSubscription } from '../api/push';
import { applicationServerKey, sameKey } from '../utils/application-server-key';
import { devicePreference } from '../utils/device-preference';
import { pushSupport } from '../utils/push-support';

export type PushDeviceStatus = 'checking' | 'unsupported' | 'ios-install' | 'denied' | 'off' | 'on' | 'busy';

let current: { userId: string | null; status: PushDeviceStatus } = { userId: null, status: 'checking' };
const listeners = new Set<() => void>();

function setStatus(userId: string, status: PushDeviceStatus): void {
  current = { userId, status };
  for (const listener of listeners) listener();
}

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The page's service worker once active (registered after the first screen has painted). */
function readyRegistration(ms = 15_000): Promise<ServiceWorkerRegistration> {
  return Promise.race([navigator.serviceWorker.ready, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no service worker')), ms))]);
}

async function existingSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function check(userId: string): Promise<void> {
  const support = pushSupport();
  if (support !== 'supported') return setStatus(userId, support);
  if (Notification.permission === 'denied') return setStatus(userId, 'denied');
  const subscribed = Notification.permission === 'granted' && devicePreference.isOn(userId) && (await existingSubscription().catch(() => null)) !== null;
  setStatus(userId, subscribed ? 'on' : 'off');
}

async function enable(userId: string): Promise<void> {
  setStatus(userId, 'busy');
  try {
    const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    if (permission !== 'granted') return setStatus(userId, permission === 'denied' ? 'denied' : 'off');
    const [registration, publicKey] = await Promise.all([readyRegistration(), getVapidPublicKey()]);
    const key = applicationServerKey(publicKey);
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    await saveSubscription(subscription.toJSON(), timeZone());
    devicePreference.set(userId, true);
    setStatus(userId, 'on');
    void mutate(pushKeys.devices(userId));
    toast.success(push.enabled);
  } catch (error) {
    console.error('push: enabling failed', error);
    setStatus(userId, 'off');
    toast.error(errorMessage(error, push.failed));
  }
}

async function disable(userId: string): Promise<void> {
  setStatus(userId, 'busy');
  try {
    const subscription = await existingSubscription();
    if (subscription) {
      await deleteSubscription(subscription.endpoint);
      await subscription.unsubscribe();
    }
    devicePreference.set(userId, false);
    setStatus(userId, 'off');
    void mutate(pushKeys.devices(userId));
  } catch (error) {
    console.error('push: disabling failed', error);
    setStatus(userId, 'on');
    toast.error(errorMessage(error, push.disableFailed));
  }
}

/**
 * Before signing out: this browser stops receiving this person's pushes. The database removes
 * the subscription with the session anyway (62-push.sql); this drops the browser's own.
 */
export async function forgetPushOnThisDevice(userId: string): Promise<void> {
  devicePreference.set(userId, false);
  if (pushSupport() !== 'supported') return;
  await (await existingSubscription().catch(() => null))?.unsubscribe().catch(() => false);
}

export function usePushDevice(userId: string) {
  const state = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
  useEffect(() => {
    if (current.userId !== userId) void check(userId);
  }, [userId]);
  const status: PushDeviceStatus = state.userId === userId ? state.status : 'checking';
  return { status, enable: () => enable(userId), disable: () => disable(userId) };
}
