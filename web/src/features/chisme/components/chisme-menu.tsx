// A chisme's "more" menu: "No ver más a esta persona" (not on one's own chisme), "Eliminar"
// (only on one's own, after a confirmation) and, for its author or a commenter, muting or
// unmuting the thread's notifications (the state is asked for when the menu opens).
import { ActionIcon, Menu } from '@mantine/core';
import { IconBell, IconBellOff, IconDots, IconEyeOff, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import useSWR from 'swr';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { useRefetchAfterBlock } from '../../../hooks/use-refetch-after-block';
import { controls } from '../../../i18n/es/controls';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import type { FeedChisme } from '../../../lib/feed-chisme';
import { blockChismeAuthor } from '../api/block-chisme-author';
import { deleteMyChisme } from '../api/delete-my-chisme';
import { getThreadMute, setThreadMute, threadMuteKeys } from '../api/thread-mute';

export function ChismeMenu({ chisme }: { chisme: FeedChisme }) {
  const [opened, setOpened] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // after a block or a deletion every cached list and chisme is asked for again
  const refetch = useRefetchAfterBlock();
  const remove = () =>
    deleteMyChisme(chisme.id)
      .then(() => {
        toast.success(controls.deleteOwn.chismeDone);
        refetch();
      })
      .catch((error: unknown) => toast.error(errorMessage(error, controls.deleteOwn.failed)));
  const mute = useSWR(opened ? threadMuteKeys.state(chisme.id) : null, getThreadMute);
  const block = () => {
    blockChismeAuthor(chisme.id)
      .then(() => {
        toast.success(controls.block.done);
        refetch();
      })
      .catch((error: unknown) => toast.error(errorMessage(error, controls.block.failed)));
  };
  const toggleMute = (muted: boolean) => {
    setThreadMute(chisme.id, muted)
      .then((state) => {
        void mute.mutate(state, { revalidate: false });
        toast.success(state ? controls.mute.muted : controls.mute.unmuted);
      })
      .catch((error: unknown) => toast.error(errorMessage(error, controls.mute.failed)));
  };
  return (
    <>
      <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={controls.moreActions} data-testid="chisme-menu">
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {mute.data === false && (
            <Menu.Item leftSection={<IconBellOff size={16} aria-hidden />} onClick={() => toggleMute(true)}>
              {controls.mute.mute}
            </Menu.Item>
          )}
          {mute.data === true && (
            <Menu.Item leftSection={<IconBell size={16} aria-hidden />} onClick={() => toggleMute(false)}>
              {controls.mute.unmute}
            </Menu.Item>
          )}
          {!chisme.is_mine && (
            <Menu.Item leftSection={<IconEyeOff size={16} aria-hidden />} onClick={block}>
              {controls.block.action}
            </Menu.Item>
          )}
          {chisme.is_mine && mute.data === undefined && (
            // A disabled item, not a label, while the author's mute state loads: a menu's items
            // are menuitems (axe aria-required-children).
            <Menu.Item disabled>{controls.mute.loading}</Menu.Item>
          )}
          {chisme.is_mine && (
            <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirming(true)}>
              {controls.deleteOwn.chisme}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      {confirming && (
        <ConfirmDelete
          title={controls.deleteOwn.chismeTitle}
          body={controls.deleteOwn.chismeBody}
          confirm={controls.deleteOwn.confirm}
          cancel={controls.deleteOwn.cancel}
          onConfirm={remove}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}
