// /moderacion: the moderation console (its own chunk).
import { AppealsList } from '../../features/appeals/components/appeals-list';
import { ModerationConsole } from '../../features/moderation/components/moderation-console';

export function ModerationRoute() {
  return (
    <>
      <AppealsList />
      <ModerationConsole />
    </>
  );
}
