// The session: loading until the initial auth check ends, then signed in or out.
// A visitor with no stored session (and no OAuth redirect in the URL) is signed out without
// loading supabase-js, so the welcome screen stays light. The client loads on the visitor's
// first interaction (every way to sign in starts with one) or when another tab signs in.
// A stored session whose token is not about to expire is signed in at once: that is the whole
// of supabase-js's own check for it (it uses such a token as is, without asking the server),
// so the first screen does not wait for supabase-js to download and start.
import type { User } from '@supabase/supabase-js';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { sessionExpiryMarginMs } from '../config/auth-storage-key';
import { env } from '../config/env';
import { afterFirstContent } from './after-first-content';
// Taken before supabase-js starts and clears the fragment an Auth e-mail link brought.
import { forgetAuthLinkError } from './auth-redirect';

export type SessionState = { status: 'loading'; user: null } | { status: 'signed-out'; user: null } | { status: 'signed-in'; user: User };

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
  return hasAuthRedirect(location);
}

/** An OAuth or magic-link answer in the URL, which supabase-js must exchange for a session. */
function hasAuthRedirect(location: Pick<Location, 'hash' | 'search'>): boolean {
  return /access_token=|error_description=/.test(location.hash) || /[?&]code=/.test(location.search);
}

/**
 * The user of a stored session supabase-js would use as is: complete, not about to expire, and
 * no OAuth redirect in the URL (that one supabase-js must exchange first).
 */
export function storedFreshUser(storage: Storage, location: Pick<Location, 'hash' | 'search'>, now = Date.now()): User | null {
  if (hasAuthRedirect(location)) return null;
  try {
    const session = JSON.parse(storage.getItem(env.authStorageKey) ?? 'null') as Partial<{
      access_token: unknown;
      refresh_token: unknown;
      expires_at: unknown;
      user: User | null;
    }> | null;
    if (!session || typeof session.access_token !== 'string' || typeof session.refresh_token !== 'string') return null;
    if (typeof session.expires_at !== 'number' || session.expires_at * 1000 - now <= sessionExpiryMarginMs) return null;
    return session.user && typeof session.user.id === 'string' ? session.user : null;
  } catch {
    return null;
  }
}

/** The same person as before keeps the same state object: no re-render of every consumer. */
function sameSession(previous: SessionState, next: SessionState): boolean {
  if (previous.status !== next.status) return false;
  return previous.user === null || JSON.stringify(previous.user) === JSON.stringify(next.user);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setSessionState] = useState<SessionState>(() => {
    const user = storedFreshUser(window.localStorage, window.location);
    if (user) return fromUser(user);
    return mightHaveSession(window.localStorage, window.location) ? { status: 'loading', user: null } : fromUser(null);
  });
  const setState = (next: SessionState) => setSessionState((previous) => (sameSession(previous, next) ? previous : next));

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once on mount; the initial state decides how supabase-js starts (see the end of the effect).
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
    if (state.status === 'signed-in') {
      // Signed in from storage: supabase-js is not needed for the first screen, and its 56 KB
      // (gzip) would compete with it; it starts once the screen's content has painted (a fresh
      // token leaves it 90 s or more before any refresh).
      void afterFirstContent().then(start);
    } else if (mightHaveSession(window.localStorage, window.location)) start();
    else triggers.forEach((type) => window.addEventListener(type, start, { passive: true }));
    return () => {
      active = false;
      started = true;
      triggers.forEach((type) => window.removeEventListener(type, start));
      unsubscribe();
    };
    // The initial state decides how supabase-js starts; later states come from supabase-js itself.
  }, []);

  // Once anyone signs in, an expired e-mail link's notice (features/auth) is over: it must not
  // come back on the welcome screen after a later sign-out.
  useEffect(() => {
    if (state.status === 'signed-in') forgetAuthLinkError();
  }, [state.status]);

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
