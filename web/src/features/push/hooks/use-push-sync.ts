// On every signed-in visit of a device where the person switched push on: the subscription is
// saved again for the session this visit has (a new sign-in makes a new session, and the
// database drops a subscription with the session it was saved in), and the preference is
// dropped when the browser no longer has the permission or the subscription.
import { useEffect } from 'react';
import { saveSubscription } from '../api/push';
import { devicePreference } from '../utils/device-preference';
import { pushSupport } from '../utils/push-support';

export function usePushSync(userId: string): void {
  useEffect(() => {
    if (!devicePreference.isOn(userId) || pushSupport() !== 'supported') return;
    void (async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = Notification.permission === 'granted' ? await registration?.pushManager.getSubscription() : null;
      if (!subscription) return devicePreference.set(userId, false);
      await saveSubscription(subscription.toJSON(), Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
    })().catch((error: unknown) => console.error('push: re-saving the subscription failed', error));
  }, [userId]);
}
