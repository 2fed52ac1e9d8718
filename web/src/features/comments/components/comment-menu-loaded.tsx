// A comment's "more" menu once pressed (./comment-item.tsx renders its trigger until then,
// components/deferred-menu.tsx): "No ver más a esta persona".
import { Menu } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { type LoadedMenuProps, useLoadedMenu } from '../../../components/deferred-menu';
import { controls } from '../../../i18n/es/controls';

export default function CommentMenuLoaded({ onBlock, ...loaded }: { onBlock: () => void } & LoadedMenuProps) {
  const { opened, setOpened, trigger } = useLoadedMenu(loaded);
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEyeOff size={14} aria-hidden />} onClick={onBlock}>
          {controls.block.action}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
