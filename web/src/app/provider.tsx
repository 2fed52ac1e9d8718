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

/** Its own component, so the moment it mounts re-renders only itself, not the whole app. */
function DeferredToastHost() {
  const afterFirstContent = useAfterFirstContent();
  return afterFirstContent ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}

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
        <MantineProvider
          theme={buildTheme(cotilleo)}
          colorSchemeManager={colorSchemeManager}
          defaultColorScheme="light"
          cssVariablesResolver={cssVariablesResolver}
        >
          <CotilleoRootClass cotilleo={cotilleo} />
          <ThemeColorSync />
          <DeferredToastHost />
          {children}
        </MantineProvider>
      </SessionScopedSWR>
    </SessionProvider>
  );
}
