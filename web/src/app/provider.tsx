// Every app-wide provider: session, SWR (one cache per user), Mantine (theme follows cotilleo
// mode), toasts.
import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useEffect, type ReactNode } from 'react';
import { useCotilleoMode } from '../hooks/use-cotilleo-mode';
import { SessionProvider } from '../lib/auth';
import { buildTheme, cssVariablesResolver } from '../theme';
import { SessionScopedSWR } from './session-scoped-swr';
import { ThemeColorSync } from './theme-color-sync';

const colorSchemeManager = localStorageColorSchemeManager({ key: 'darkMode' });

function CotilleoRootClass({ cotilleo }: { cotilleo: boolean }) {
  useEffect(() => {
    document.documentElement.classList.toggle('cotilleo-mode', cotilleo);
  }, [cotilleo]);
  return null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [cotilleo] = useCotilleoMode();
  return (
    <SessionProvider>
      <SessionScopedSWR>
        <MantineProvider theme={buildTheme(cotilleo)} colorSchemeManager={colorSchemeManager} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
          <CotilleoRootClass cotilleo={cotilleo} />
          <ThemeColorSync />
          <Notifications className="app-notifications" position="top-right" limit={5} />
          {children}
        </MantineProvider>
      </SessionScopedSWR>
    </SessionProvider>
  );
}
