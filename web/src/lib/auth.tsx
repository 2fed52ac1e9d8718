// The session: loading until the initial auth check ends, then signed in or out.
// A visitor with no stored session (and no OAuth redirect in the URL) is signed out without
// loading supabase-js, so the welcome screen stays light. The client loads on the visitor's
// first interaction (every way to sign in starts with one) or when another tab signs in.
import type { User } from '@supabase/supabase-js';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { env } from '../config/env';

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signed-out'; user: null }
  | { status: 'signed-in'; user: User };

const SessionContext = createContext<SessionState | null>(null);

function fromUser(user: User | null | undefined): SessionState {
  return user ? { status: 'signed-in', user } : { status: 'signed-out', user: null };
}

/** Whether supabase-js might find a session: one is stored, or an OAuth redirect carries one. */
export function mightHaveSession(storage: Storage, location: Pick<Location, 'hash' | 'search'>): boolean {
  try {
    if (storage.getItem(env.authStorageKey) !== null) return true;
  } catch {
    return true;
  }
  return /access_token=|error_description=/.test(location.hash) || /[?&]code=/.test(location.search);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(() =>
    mightHaveSession(window.localStorage, window.location) ? { status: 'loading', user: null } : fromUser(null),
  );

  useEffect(() => {
    let active = true;
    let started = false;
    let unsubscribe = () => {};
    const triggers = ['pointerdown', 'keydown', 'touchstart', 'storage'] as const;
    const start = () => {
      if (started) return;
      started = true;
      triggers.forEach((type) => window.removeEventListener(type, start));
      void import('./supabase').then(({ supabase }) => {
        if (!active) return;
        supabase.auth
          .getSession()
          .then(({ data }) => active && setState(fromUser(data.session?.user)))
          .catch(() => active && setState(fromUser(null)));
        const { data } = supabase.auth.onAuthStateChange((_event, session) => {
          // Deferred: supabase-js holds a lock while it calls listeners.
          setTimeout(() => active && setState(fromUser(session?.user)), 0);
        });
        unsubscribe = () => data.subscription.unsubscribe();
      });
    };
    if (mightHaveSession(window.localStorage, window.location)) start();
    else triggers.forEach((type) => window.addEventListener(type, start, { passive: true }));
    return () => {
      active = false;
      triggers.forEach((type) => window.removeEventListener(type, start));
      unsubscribe();
    };
  }, []);

  return <SessionContext.Provider value={state}>{children}</SessionContext.Provider>;
}

/** Test helper: a fixed session without Supabase. */
export function StaticSessionProvider({ value, children }: { value: SessionState; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
