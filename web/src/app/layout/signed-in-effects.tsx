// Side effects of being signed in: live notifications (toast + sound) and logging the country.
import { useNotificationsRealtime } from '../../features/notifications/hooks/use-notifications-realtime';
import { useLogCountryOnce } from '../../features/country/hooks/use-log-country-once';

export function SignedInEffects({ userId }: { userId: string }) {
  useNotificationsRealtime(userId);
  useLogCountryOnce();
  return null;
}
