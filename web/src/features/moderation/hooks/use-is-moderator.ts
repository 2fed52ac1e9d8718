// Whether the signed-in account is a moderator: its JWT's app_metadata.role, which only the
// service role can set (the database checks the same claim on every moderation call).
import { useSession } from '../../../lib/auth';

export function useIsModerator(): boolean {
  const session = useSession();
  return session.status === 'signed-in' && session.user.app_metadata?.role === 'moderator';
}
