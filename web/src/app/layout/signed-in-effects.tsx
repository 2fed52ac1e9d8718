// Side effects of being signed in: live notifications (toast + sound), logging the country and
// taking the cotilleo mode saved on the profile, and the welcome after the e-mail confirmation link.
import { useNotificationsRealtime } from '../../features/notifications/hooks/use-notifications-realtime';
import { useLogCountryOnce } from '../../features/country/hooks/use-log-country-once';
import { useAdoptProfileCotilleo } from '../../features/settings/hooks/use-adopt-profile-cotilleo';
import { useConfirmedWelcome } from '../../features/auth/hooks/use-confirmed-welcome';

export function SignedInEffects({ userId }: { userId: string }) {
  useNotificationsRealtime(userId);
  useLogCountryOnce(userId);
  useAdoptProfileCotilleo(userId);
  useConfirmedWelcome();
  return null;
}
