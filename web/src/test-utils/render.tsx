// Renders with every provider the app uses (mantinedev/vite-template habit), with a fixed
// session and a fresh SWR cache per test.
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render as testingLibraryRender, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { User } from '@supabase/supabase-js';
import { StaticSessionProvider, type SessionState } from '../lib/auth';
import { buildTheme } from '../theme';

export const testUser = { id: '00000000-0000-0000-0000-0000000000aa', email: 'ana@example.com' } as User;
export const signedIn: SessionState = { status: 'signed-in', user: testUser };
export const signedOut: SessionState = { status: 'signed-out', user: null };

type Options = Omit<RenderOptions, 'wrapper'> & { session?: SessionState; route?: string; cache?: Map<string, unknown>; withRouter?: boolean };

export function Providers({
  children,
  session = signedIn,
  route = '/',
  cache,
  withRouter = true,
}: {
  children: ReactNode;
  session?: SessionState;
  route?: string;
  cache?: Map<string, unknown>;
  withRouter?: boolean;
}) {
  return (
    <SWRConfig value={{ provider: () => (cache ?? new Map()) as never, dedupingInterval: 0 }}>
      <MantineProvider theme={buildTheme(false)}>
        <Notifications />
        <StaticSessionProvider value={session}>
          {withRouter ? <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter> : children}
        </StaticSessionProvider>
      </MantineProvider>
    </SWRConfig>
  );
}

export function render(ui: ReactElement, { session, route, cache, withRouter, ...options }: Options = {}) {
  return testingLibraryRender(ui, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <Providers session={session} route={route} cache={cache} withRouter={withRouter}>
        {children}
      </Providers>
    ),
    ...options,
  });
}

export * from '@testing-library/react';
export { default as userEvent } from '@testing-library/user-event';
