import { Switch, useMantineColorScheme } from '@mantine/core';
import { common } from '../../../i18n/es/common';

export function DarkModeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Switch
      label={common.menu.darkMode}
      checked={colorScheme === 'dark'}
      onChange={(event) => setColorScheme(event.currentTarget.checked ? 'dark' : 'light')}
      px="sm"
      py={6}
    />
  );
}
