// A chisme's "more" menu: "No ver más a esta persona" (not on one's own chisme; it asks first,
// as blocks are undone only all at once), "Eliminar" (only on one's own; asks first too) and,
// for its author or a commenter, muting or unmuting the thread's notifications (the state is
// asked for when the menu opens).
import { ActionIcon, Menu } from '@mantine/core';
import { IconBell, IconBellOff, IconDots, IconEyeOff, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import useSWR from 'swr';
import { LazyConfirmDialog } from '../../../components/lazy-confirm-dialog';
import { useRefetchAfterBlock } from '../../../hooks/use-refetch-after-block';
import { controls } from '../../../i18n/es/controls';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import type { FeedChisme } from '../../../lib/feed-chisme';
import { blockChismeAuthor } from '../api/block-chisme-author';
import { forgetOwnChisme } from '../../../lib/own-content';
import { deleteMyChisme } from '../api/delete-my-chisme';
import { getThreadMute, setThreadMute, threadMuteKeys } from '../api/thread-mute';

export function ChismeMenu({ chisme }: { chisme: FeedChisme }) {
  const [opened, setOpened] = useState(false);
  const [confirmingBlock, setConfirmingBlock] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // after a block or a deletion every cached list and chisme is asked for again
  const refetch = useRefetchAfterBlock();
  const remove = () => {
    setDeleting(true);
    deleteMyChisme(chisme.id)
      .then(() => {
        toast.success(controls.deleteOwn.chismeDone);
        forgetOwnChisme(chisme.id);
        refetch();
      })
      .catch((error: unknown) => toast.error(errorMessage(error, controls.deleteOwn.failed)))
      .finally(() => {
        setDeleting(false);
        setConfirmingDelete(false);
      });
  };
  const mute = useSWR(opened ? threadMuteKeys.state(chisme.id) : null, getThreadMute);
  const block = () => {
    setBlocking(true);
    blockChismeAuthor(chisme.id)
      .then(() => {
        toast.success(controls.block.done);
        refetch();
      })
      .catch((error: unknown) => toast.error(errorMessage(error, controls.block.failed)))
      .finally(() => {
        setBlocking(false);
        setConfirmingBlock(false);
      });
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
            <Menu.Item leftSection={<IconEyeOff size={16} aria-hidden />} onClick={() => setConfirmingBlock(true)}>
              {controls.block.action}
            </Menu.Item>
          )}
          {chisme.is_mine && mute.data === undefined && (
            // A disabled item, not a label: a menu must always hold a menuitem (axe
            // aria-required-children), and the author's menu has nothing else while the state loads.
            <Menu.Item disabled>{controls.mute.loading}</Menu.Item>
          )}
          {chisme.is_mine && (
            // the red is the icon's: Mantine's red label falls below 4.5:1 on the menu (axe color-contrast)
            <Menu.Item leftSection={<IconTrash size={16} color="var(--mantine-color-red-filled)" aria-hidden />} onClick={() => setConfirmingDelete(true)}>
              {controls.deleteOwn.chisme}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <LazyConfirmDialog
        opened={confirmingBlock}
        title={controls.block.confirmTitle}
        message={controls.block.confirmMessage}
        confirmLabel={controls.block.confirm}
        danger
        pending={blocking}
        onCancel={() => setConfirmingBlock(false)}
        onConfirm={block}
      />
      <LazyConfirmDialog
        opened={confirmingDelete}
        title={controls.deleteOwn.chismeTitle}
        message={controls.deleteOwn.chismeBody}
        confirmLabel={controls.deleteOwn.confirm}
        danger
        pending={deleting}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={remove}
      />
    </>
  );
}
