// Brand, the four feed tabs (signed in) and the menu button.
import { Box, Burger, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { lazy, Suspense, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { common } from '../../i18n/es/common';

const FeedTabs = lazy(() => import('./feed-tabs').then((m) => ({ default: m.FeedTabs })));

type Props = { signedIn: boolean; menuOpened: boolean; onMenu: () => void; burgerRef?: RefObject<HTMLButtonElement | null> };

export function AppHeader({ signedIn, menuOpened, onMenu, burgerRef }: Props) {
  const tabs = (
    <Suspense fallback={null}>
      <FeedTabs />
    </Suspense>
  );
  return (
    <Stack h="100%" gap={0} justify="center">
      <Group h={60} px="sm" justify="space-between" wrap="nowrap" gap="xs">
        <UnstyledButton component={Link} to={signedIn ? paths.feed.recent : paths.login} aria-label={common.brand}>
          <Text fw={800} fz={{ base: 'lg', sm: 'xl' }} variant="gradient" gradient={{ from: 'var(--mantine-primary-color-6)', to: 'pink', deg: 90 }}>
            {common.brand}
          </Text>
        </UnstyledButton>
        {signedIn && <Box visibleFrom="sm">{tabs}</Box>}
        <Burger ref={burgerRef} opened={menuOpened} onClick={onMenu} aria-label={common.menu.open} aria-expanded={menuOpened} size="sm" />
      </Group>
      {signedIn && (
        <Box hiddenFrom="sm" px="xs" pb={8}>
          {tabs}
        </Box>
      )}
    </Stack>
  );
}
