import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, useSession } from './auth';

const getSession = vi.fn();
vi.mock('./supabase', () => ({
  supabase: {
    auth: {
      getSession: () => getSession(),
      onAuthStateChange: () => ({ data: { subscription: { unsubscribe: () => {} } } }),
    },
  },
}));

const forgetAuthLinkError = vi.fn();
vi.mock('./auth-redirect', async (actual) => ({ ...(await actual<object>()), forgetAuthLinkError: () => forgetAuthLinkError() }));

function Status() {
  return <p>{useSession().status}</p>;
}

const renderStatus = () =>
  render(
    <SessionProvider>
      <Status />
    </SessionProvider>,
  );

/** A session as supabase-js stores it, whose access token expires in `seconds`. */
function storeSession(seconds: number, user: object) {
  const session = { access_token: 'jwt', refresh_token: 'r', expires_at: Math.floor(Date.now() / 1000) + seconds, user };
  localStorage.setItem('sb-127-auth-token', JSON.stringify(session));
}

describe('SessionProvider', () => {
  beforeEach(() => {
    getSession.mockReset().mockResolvedValue({ data: { session: { user: { id: 'u-1' } } } });
  });

  it('knows a visitor without a stored session is signed out without loading the client', async () => {
    renderStatus();
    expect(screen.getByText('signed-out')).toBeInTheDocument();
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(getSession).not.toHaveBeenCalled();
  });

  it('loads the client on the first interaction', async () => {
    getSession.mockResolvedValue({ data: { session: null } });
    renderStatus();
    await act(async () => {
      window.dispatchEvent(new Event('pointerdown'));
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(screen.getByText('signed-out')).toBeInTheDocument();
  });

  it('waits for the client when a session is stored, then reports the user', async () => {
    localStorage.setItem('sb-127-auth-token', '{}');
    renderStatus();
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('signed-in')).toBeInTheDocument();
  });

  it('signs in a stored session with a fresh token at once, and keeps that state when the client agrees', async () => {
    const user = { id: 'u-1', app_metadata: {} };
    storeSession(3600, user);
    getSession.mockResolvedValue({ data: { session: { user } } });
    const seen: unknown[] = [];
    // biome-ignore lint/correctness/noComponentHookFactories: the spy closes over this test's `seen` list; it is rendered once.
    function Spy() {
      const session = useSession();
      seen.push(session);
      return <p>{session.status}</p>;
    }
    render(
      <SessionProvider>
        <Spy />
      </SessionProvider>,
    );
    expect(screen.getByText('signed-in')).toBeInTheDocument();
    // supabase-js starts when the browser is idle, then confirms the same user.
    await act(async () => vi.waitFor(() => expect(getSession).toHaveBeenCalledTimes(1), { timeout: 3000 }));
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(new Set(seen).size).toBe(1);
  });

  it("ends an expired e-mail link's notice once someone signs in, not before", async () => {
    forgetAuthLinkError.mockReset();
    renderStatus();
    expect(screen.getByText('signed-out')).toBeInTheDocument();
    expect(forgetAuthLinkError).not.toHaveBeenCalled();
    storeSession(3600, { id: 'u-1', app_metadata: {} });
    renderStatus();
    expect(screen.getByText('signed-in')).toBeInTheDocument();
    expect(forgetAuthLinkError).toHaveBeenCalledTimes(1);
  });

  it('waits for the client when the stored token is about to expire', async () => {
    storeSession(30, { id: 'u-1' });
    renderStatus();
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('signed-in')).toBeInTheDocument();
  });

  it('throws when used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Status />)).toThrow('useSession must be used inside <SessionProvider>');
  });
});
