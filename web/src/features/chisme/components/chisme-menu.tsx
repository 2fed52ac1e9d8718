// A chisme's "more" menu on its card: the trigger, with Mantine's Menu loaded on the first
// press (components/deferred-menu.tsx; the menu itself is ./chisme-menu-loaded.tsx).
import { ActionIcon } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { lazy } from 'react';
import { DeferredMenu } from '../../../components/deferred-menu';
import { controls } from '../../../i18n/es/controls';
import type { FeedChisme } from '../../../types/api';

const load = () => import('./chisme-menu-loaded');
const ChismeMenuLoaded = lazy(load);

export function ChismeMenu({ chisme }: { chisme: FeedChisme }) {
  return (
    <DeferredMenu
      load={load}
      trigger={
        <ActionIcon variant="subtle" color="gray" aria-label={controls.moreActions} data-testid="chisme-menu">
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      }
    >
      {(loaded) => <ChismeMenuLoaded chisme={chisme} {...loaded} />}
    </DeferredMenu>
  );
}
