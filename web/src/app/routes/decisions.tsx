// /mis-decisiones: the person's statements of reasons and reports (its own chunk).
import { DecisionsScreen } from '../../features/decisions/components/decisions-screen';
import { useSession } from '../../lib/auth';

export function DecisionsRoute() {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  return <DecisionsScreen userId={session.user.id} />;
}
