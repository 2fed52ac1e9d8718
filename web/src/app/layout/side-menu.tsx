// The side menu, sliding in from the right (spec section 2).
import { Drawer, NavLink, Stack, Divider } from '@mantine/core';
import {
  IconChartBar,
  IconFileText,
  IconGavel,
  IconInfoCircle,
  IconLogin,
  IconLogout,
  IconShieldCheck,
  IconSparkles,
  IconUserCircle,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { signOut } from '../../features/auth/api/sign-out';
import { useIsModerator } from '../../features/moderation/hooks/use-is-moderator';
import { moderation } from '../../i18n/es/moderation';
import { AccountData } from '../../features/settings/components/account-data';
import { BlockedPeople } from '../../features/settings/components/blocked-people';
import { ChangePassword } from '../../features/settings/components/change-password';
import { PushSettings } from '../../features/push/components/push-settings';
import { forgetPushOnThisDevice } from '../../features/push/hooks/use-push-device';
import { CotilleoToggle } from '../../features/settings/components/cotilleo-toggle';
import { DarkModeToggle } from '../../features/settings/components/dark-mode-toggle';
import { openDialog } from '../../hooks/use-dialogs';
import { common } from '../../i18n/es/common';
import { toast } from '../../lib/toast';

type Props = {
  opened: boolean;
  onClose: () => void;
  signedIn: boolean;
  userId?: string;
  /** Set for an account with a password to change (not a Google- or Facebook-only one). */
  email?: string;
};

export function SideMenu({ opened, onClose, signedIn, userId, email }: Props) {
  const navigate = useNavigate();
  const isModerator = useIsModerator();
  const go = (action: () => void) => () => {
    onClose();
    action();
  };
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="xs" title={common.menu.title} closeButtonProps={{ 'aria-label': common.close }}>
      <Stack gap={4} component="nav" aria-label={common.menu.title}>
        {signedIn ? (
          <>
            <NavLink
              component="button"
              label={common.menu.profile}
              leftSection={<IconUserCircle size={18} aria-hidden />}
              onClick={go(() => navigate(paths.profile))}
              data-testid="menu-profile"
            />
            <NavLink
              component="button"
              label={common.menu.decisions}
              leftSection={<IconGavel size={18} aria-hidden />}
              onClick={go(() => navigate(paths.decisions))}
              data-testid="menu-decisions"
            />
            {isModerator && (
              <NavLink
                component="button"
                label={moderation.menu}
                leftSection={<IconShieldCheck size={18} aria-hidden />}
                onClick={go(() => navigate(paths.moderation))}
                data-testid="menu-moderation"
              />
            )}
            <NavLink
              component="button"
              label={common.menu.murmuro}
              leftSection={<IconSparkles size={18} aria-hidden />}
              onClick={go(() => toast.info(common.murmuroAlert))}
              data-testid="menu-murmuro"
            />
            <NavLink
              component="button"
              label={common.menu.signOut}
              leftSection={<IconLogout size={18} aria-hidden />}
              // this browser stops receiving the person's pushes (the database drops them with the session)
              onClick={go(() => void (userId ? forgetPushOnThisDevice(userId) : Promise.resolve()).finally(() => void signOut()))}
              data-testid="menu-sign-out"
            />
          </>
        ) : (
          <NavLink
            component="button"
            label={common.menu.signIn}
            leftSection={<IconLogin size={18} aria-hidden />}
            onClick={go(() => openDialog({ kind: 'auth' }))}
            data-testid="menu-sign-in"
          />
        )}
        <NavLink
          component="button"
          label={common.menu.about}
          leftSection={<IconInfoCircle size={18} aria-hidden />}
          onClick={go(() => openDialog({ kind: 'about' }))}
          data-testid="menu-about"
        />
        <NavLink
          component="button"
          label={common.menu.terms}
          leftSection={<IconFileText size={18} aria-hidden />}
          onClick={go(() => navigate(paths.terms))}
          data-testid="menu-terms"
        />
        <NavLink
          component="button"
          label={common.menu.transparency}
          leftSection={<IconChartBar size={18} aria-hidden />}
          onClick={go(() => navigate(paths.transparency))}
          data-testid="menu-transparency"
        />
        <Divider my="sm" />
        <DarkModeToggle />
        <CotilleoToggle signedIn={signedIn} />
        {signedIn && userId && <PushSettings userId={userId} />}
        {signedIn && userId && <BlockedPeople userId={userId} />}
        {signedIn && email && <ChangePassword email={email} />}
        {signedIn && (
          <AccountData
            onDeleted={() => {
              onClose();
              void navigate(paths.login);
            }}
          />
        )}
      </Stack>
    </Drawer>
  );
}
