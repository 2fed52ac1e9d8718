// Brand, the four feed tabs (signed in) and the menu button.
import { Box, Burger, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { lazy, Suspense, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { common } from '../../i18n/es/common';
import { useAfterFirstContent } from '../../lib/after-first-content';

const FeedTabs = lazy(() => import('./feed-tabs').then((m) => ({ default: m.FeedTabs })));
// The unread bell, only for signed-in screens (keeps the /login route small), and only once the
// screen's first content has painted: its count is a supabase-js query, and loading and starting
// supabase-js before that shared the task that renders the first card (lib/after-first-content.ts;
// bench/HISTORY.md, "Cold first visit on a phone").
const NotificationsBell = lazy(() => import('../../features/notifications/components/notifications-bell').then((m) => ({ default: m.NotificationsBell })));

type Props = {
  signedIn: boolean;
  userId?: string;
  /** The new-post button when it lives in the header (narrow screens). */
  newPost?: ReactNode;
  menuOpened: boolean;
  onMenu: () => void;
  burgerRef?: RefObject<HTMLButtonElement | null>;
};

export function AppHeader({ signedIn, userId, newPost, menuOpened, onMenu, burgerRef }: Props) {
  const afterFirstContent = useAfterFirstContent();
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
        <Group gap="xs" wrap="nowrap">
          {newPost}
          {signedIn && userId && afterFirstContent && (
            <Suspense fallback={null}>
              <NotificationsBell userId={userId} />
            </Suspense>
          )}
          <Burger ref={burgerRef} opened={menuOpened} onClick={onMenu} aria-label={common.menu.open} aria-expanded={menuOpened} size="sm" />
        </Group>
      </Group>
      {signedIn && (
        <Box hiddenFrom="sm" px="xs" pb={8}>
          {tabs}
        </Box>
      )}
    </Stack>
  );
}
