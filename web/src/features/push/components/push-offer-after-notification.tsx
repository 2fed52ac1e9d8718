// The offer once, after the first notification that arrives while the app is open (the moment
// the person sees what a notification is); "Ahora no" closes it, and it never comes back on
// this browser for this person.
import { Affix } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { devicePreference } from '../utils/device-preference';
import { pushSupport } from '../utils/push-support';
import { PushOffer } from './push-offer';

let arrived = false;
const listeners = new Set<() => void>();

/** Called when a live notification arrives (app/layout/signed-in-effects.tsx). */
export function offerPushAfterNotification(): void {
  if (arrived) return;
  arrived = true;
  for (const listener of listeners) listener();
}

export function PushOfferAfterNotification({ userId }: { userId: string }) {
  const notified = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => arrived,
  );
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!notified || devicePreference.wasOffered(userId) || devicePreference.isOn(userId) || pushSupport() === 'unsupported') return;
    devicePreference.markOffered(userId);
    setVisible(true);
  }, [notified, userId]);
  if (!visible) return null;
  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={300} maw={360}>
      <PushOffer userId={userId} onNotNow={() => setVisible(false)} />
    </Affix>
  );
}
