// Side effects of being signed in: live notifications (toast + sound), logging the country and
// taking the cotilleo mode saved on the profile, the welcome after the e-mail confirmation link,
// and Web Push: this device's subscription kept for this session, a tapped push's thread opened
// and marked read, and the offer after the first live notification.
import { useNotificationsRealtime } from '../../features/notifications/hooks/use-notifications-realtime';
import { useLogCountryOnce } from '../../features/country/hooks/use-log-country-once';
import { useAdoptProfileCotilleo } from '../../features/settings/hooks/use-adopt-profile-cotilleo';
import { useConfirmedWelcome } from '../../features/auth/hooks/use-confirmed-welcome';
import { offerPushAfterNotification, PushOfferAfterNotification } from '../../features/push/components/push-offer-after-notification';
import { usePushOpen } from '../../features/push/hooks/use-push-open';
import { usePushSync } from '../../features/push/hooks/use-push-sync';

export function SignedInEffects({ userId }: { userId: string }) {
  useNotificationsRealtime(userId, offerPushAfterNotification);
  useLogCountryOnce(userId);
  useAdoptProfileCotilleo(userId);
  useConfirmedWelcome();
  usePushSync(userId);
  usePushOpen();
  return <PushOfferAfterNotification userId={userId} />;
}
