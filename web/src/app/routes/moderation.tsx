// /moderacion: the moderation console (its own chunk): complaints above the queue.
import { ModerationConsole } from '../../features/moderation/components/moderation-console';

export function ModerationRoute() {
  return <ModerationConsole />;
}
