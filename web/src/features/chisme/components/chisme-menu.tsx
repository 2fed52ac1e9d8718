// A chisme's "more" menu: "No ver más a esta persona" (not on one's own chisme).
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconEyeOff } from '@tabler/icons-react';
import { useRefetchAfterBlock } from '../../../hooks/use-refetch-after-block';
import { controls } from '../../../i18n/es/controls';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import type { FeedChisme } from '../../../types/api';
import { blockChismeAuthor } from '../api/block-chisme-author';

export function ChismeMenu({ chisme }: { chisme: FeedChisme }) {
  const refetch = useRefetchAfterBlock();
  if (chisme.is_mine) return null;
  const block = () => {
    blockChismeAuthor(chisme.id)
      .then(() => {
        toast.success(controls.block.done);
        refetch();
      })
      .catch((error: unknown) => toast.error(errorMessage(error, controls.block.failed)));
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={controls.moreActions} data-testid="chisme-menu">
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEyeOff size={16} aria-hidden />} onClick={block}>
          {controls.block.action}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
