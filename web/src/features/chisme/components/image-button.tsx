import { ActionIcon } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { LazyTooltip } from '../../../components/lazy-tooltip';
import { openDialog } from '../../../hooks/use-dialogs';
import { chisme as texts } from '../../../i18n/es/chisme';
import type { FeedChisme } from '../../../types/api';

export function ImageButton({ chisme }: { chisme: FeedChisme }) {
  const label = chisme.image_viewable ? texts.card.viewImage : texts.card.imageUnavailable;
  return (
    <LazyTooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="grape"
        aria-label={label}
        data-testid="image-button"
        disabled={!chisme.image_viewable}
        onClick={() => openDialog({ kind: 'file-viewer', chismeId: chisme.id })}
      >
        <IconPhoto size={18} aria-hidden />
      </ActionIcon>
    </LazyTooltip>
  );
}
