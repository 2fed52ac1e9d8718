// Route guards. Nothing renders until the initial auth check ends.
import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { common } from '../i18n/es/common';
import { useSession } from '../lib/auth';

export function AuthCheckPending() {
  return (
    <Center h="100vh">
      <Loader aria-label={common.loading} />
    </Center>
  );
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status === 'loading') return <AuthCheckPending />;
  if (session.status === 'signed-out') return <Navigate to={paths.login} replace />;
  return <>{children}</>;
}

export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status === 'loading') return <AuthCheckPending />;
  if (session.status === 'signed-in') return <Navigate to={paths.feed.recent} replace />;
  return <>{children}</>;
}
