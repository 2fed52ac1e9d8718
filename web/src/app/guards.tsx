// Route guards. Nothing renders until the initial auth check ends. Spinners are named status
// regions: an aria-label on a span without a role is prohibited (axe aria-prohibited-attr).
import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { common } from '../i18n/es/common';
import { useSession } from '../lib/auth';

export function AuthCheckPending() {
  return (
    <Center h="100vh">
      <Loader role="status" aria-label={common.loading} />
    </Center>
  );
}

/** Where a signed-out visitor was going (e.g. a shared /chismes/:id link), kept across /login. */
type LoginState = { from?: string } | null;

export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <AuthCheckPending />;
  if (session.status === 'signed-out') {
    const state: LoginState = { from: location.pathname + location.search };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <>{children}</>;
}

export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  const from = (useLocation().state as LoginState)?.from;
  if (session.status === 'loading') return <AuthCheckPending />;
  // Only an in-app path ("/x", never "//host"), so the state cannot send anyone elsewhere.
  if (session.status === 'signed-in') return <Navigate to={from && /^\/(?!\/)/.test(from) ? from : paths.feed.recent} replace />;
  return <>{children}</>;
}
