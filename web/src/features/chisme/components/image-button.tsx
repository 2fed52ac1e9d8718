import { IconPhoto } from '@tabler/icons-react';
import { openDialog } from '../../../hooks/use-dialogs';
import { chisme as texts } from '../../../i18n/es/chisme';
import type { FeedChisme } from '../../../lib/feed-chisme';
import { CardAction } from './card-action';

export function ImageButton({ chisme }: { chisme: FeedChisme }) {
  return (
    <CardAction
      label={chisme.image_viewable ? texts.card.viewImage : texts.card.imageUnavailable}
      testId="image-button"
      color="grape"
      icon={<IconPhoto size={18} aria-hidden />}
      disabled={!chisme.image_viewable}
      onClick={() => openDialog({ kind: 'file-viewer', chismeId: chisme.id })}
    />
  );
}
