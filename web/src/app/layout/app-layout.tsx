// The shell around every route: header, side menu, floating new-post button, dialogs.
import { ActionIcon, Affix, AppShell, Button, Container } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconPencilPlus } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { OfflineBanner } from '../../components/offline-banner';
import { paths } from '../../config/paths';
import { useIsModerator } from '../../features/moderation/hooks/use-is-moderator';
import { openDialog } from '../../hooks/use-dialogs';
import { feed } from '../../i18n/es/feed';
import { useSession } from '../../lib/auth';
import { useAfterFirstContent } from '../../lib/after-first-content';
import { AuthCheckPending } from '../guards';
import { RouteHead } from '../route-head';
import { AppHeader } from './app-header';
import { DialogHost } from './dialog-host';

// Loaded on demand: the menu on first open, the live effects only once signed in and the first
// screen's content has painted (lib/after-first-content.ts), the tabs only for signed-in screens. This keeps the signed-out /login route small.
const SideMenu = lazy(() => import('./side-menu').then((m) => ({ default: m.SideMenu })));
const SignedInEffects = lazy(() => import('./signed-in-effects').then((m) => ({ default: m.SignedInEffects })));

/** Its own component, so the moment it mounts re-renders only itself, not the screen. */
function DeferredSignedInEffects({ userId }: { userId: string }) {
  return useAfterFirstContent() ? <SignedInEffects userId={userId} /> : null;
}

export function AppLayout() {
  const session = useSession();
  const [menuOpened, menu] = useDisclosure(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const closeMenu = () => {
    menu.close();
    burgerRef.current?.focus();
  };
  const location = useLocation();
  const signedIn = session.status === 'signed-in';
  const onLogin = location.pathname === paths.login;
  // Below Mantine's `sm` the new-post button sits in the header, so it never covers a card's
  // like / comment row (at 390 px the floating button covered the last visible card's).
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  // Moderators post nothing (their account moderates; the seed's moderator has no chismes).
  const isModerator = useIsModerator();
  const showNewPost = signedIn && !onLogin && !isModerator;
  const openNewPost = () => openDialog({ kind: 'new-chisme' });

  // Spec: the app renders nothing of its own until the initial auth check has finished.
  if (session.status === 'loading') return <AuthCheckPending />;

  return (
    <AppShell header={{ height: signedIn ? { base: 104, sm: 60 } : 60 }} padding="md">
      <AppShell.Header>
        <AppHeader
          signedIn={signedIn}
          menuOpened={menuOpened}
          userId={signedIn ? session.user.id : undefined}
          newPost={
            showNewPost && narrow ? (
              <ActionIcon size="lg" radius="xl" onClick={openNewPost} data-testid="new-chisme-button" aria-label={feed.newPost}>
                <IconPencilPlus size={20} aria-hidden />
              </ActionIcon>
            ) : undefined
          }
          burgerRef={burgerRef}
          onMenu={() => {
            setMenuLoaded(true);
            menu.toggle();
          }}
        />
      </AppShell.Header>
      <Suspense fallback={null}>
        {menuLoaded && (
          <SideMenu
            opened={menuOpened}
            onClose={closeMenu}
            signedIn={signedIn}
            userId={signedIn ? session.user.id : undefined}
            email={signedIn && session.user.app_metadata.providers?.includes('email') ? session.user.email : undefined}
          />
        )}
        {signedIn && <DeferredSignedInEffects userId={session.user.id} />}
      </Suspense>
      <AppShell.Main>
        <Container size="sm" px={0} pb={signedIn && !narrow ? 80 : 0}>
          <RouteHead />
          <OfflineBanner />
          <Outlet />
        </Container>
      </AppShell.Main>
      {showNewPost && !narrow && (
        <Affix position={{ bottom: 20, right: 20 }}>
          <Button
            radius="xl"
            size="md"
            leftSection={<IconPencilPlus size={20} aria-hidden />}
            onClick={openNewPost}
            data-testid="new-chisme-button"
            aria-label={feed.newPost}
          >
            {feed.newPost}
          </Button>
        </Affix>
      )}
      <DialogHost signedIn={signedIn} />
    </AppShell>
  );
}
