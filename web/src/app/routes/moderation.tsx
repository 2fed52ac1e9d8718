// /moderacion: the moderation console (its own chunk).
import { ModerationConsole } from '../../features/moderation/components/moderation-console';

export function ModerationRoute() {
  return <ModerationConsole />;
}
