// Brand, the four feed tabs (signed in) and the menu button.
import { Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { lazy, Suspense, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { common } from '../../i18n/es/common';

const FeedTabs = lazy(() => import('./feed-tabs').then((m) => ({ default: m.FeedTabs })));

type Props = { signedIn: boolean; menuOpened: boolean; onMenu: () => void; burgerRef?: RefObject<HTMLButtonElement | null> };

export function AppHeader({ signedIn, menuOpened, onMenu, burgerRef }: Props) {
  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
      <UnstyledButton component={Link} to={signedIn ? paths.feed.recent : paths.login} aria-label={common.brand}>
        <Text fw={800} fz={{ base: 'lg', sm: 'xl' }} variant="gradient" gradient={{ from: 'var(--mantine-primary-color-6)', to: 'pink', deg: 90 }}>
          {common.brand}
        </Text>
      </UnstyledButton>
      {signedIn && (
        <Suspense fallback={null}>
          <FeedTabs />
        </Suspense>
      )}
      <Burger ref={burgerRef} opened={menuOpened} onClick={onMenu} aria-label={common.menu.open} aria-expanded={menuOpened} size="sm" />
    </Group>
  );
}
