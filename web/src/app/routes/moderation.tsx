// /moderacion: the moderation console (its own chunk), with the appeals under its heading.
import { AppealsList } from '../../features/appeals/components/appeals-list';
import { ModerationConsole } from '../../features/moderation/components/moderation-console';

export function ModerationRoute() {
  return <ModerationConsole renderAppeals={(onDecided) => <AppealsList onDecided={onDecided} />} />;
}
