// One SWR cache per signed-in user: signing out or switching accounts never shows another
// person's cached chismes or notifications.
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { useSession } from '../lib/auth';

export function SessionScopedSWR({ children }: { children: ReactNode }) {
  const session = useSession();
  return (
    <SWRConfig key={session.user?.id ?? 'signed-out'} value={{ provider: () => new Map(), shouldRetryOnError: false, revalidateOnFocus: false }}>
      {children}
    </SWRConfig>
  );
}
