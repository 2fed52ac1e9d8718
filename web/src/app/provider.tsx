// Every app-wide provider: session, SWR (one cache per user), Mantine (theme follows cotilleo
// mode), toasts.
import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useCotilleoMode } from '../hooks/use-cotilleo-mode';
import { SessionProvider } from '../lib/auth';
import { buildTheme, cssVariablesResolver } from '../theme';
import { useAfterFirstContent } from '../lib/after-first-content';
import { SessionScopedSWR } from './session-scoped-swr';
import { ThemeColorSync } from './theme-color-sync';

const ToastHost = lazy(() => import('./toast-host').then((m) => ({ default: m.ToastHost })));

const colorSchemeManager = localStorageColorSchemeManager({ key: 'darkMode' });

function CotilleoRootClass({ cotilleo }: { cotilleo: boolean }) {
  useEffect(() => {
    document.documentElement.classList.toggle('cotilleo-mode', cotilleo);
  }, [cotilleo]);
  return null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [cotilleo] = useCotilleoMode();
  const afterFirstContent = useAfterFirstContent();
  return (
    <SessionProvider>
      <SessionScopedSWR>
        <MantineProvider theme={buildTheme(cotilleo)} colorSchemeManager={colorSchemeManager} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
          <CotilleoRootClass cotilleo={cotilleo} />
          <ThemeColorSync />
          {afterFirstContent && (
            <Suspense fallback={null}>
              <ToastHost />
            </Suspense>
          )}
          {children}
        </MantineProvider>
      </SessionScopedSWR>
    </SessionProvider>
  );
}
