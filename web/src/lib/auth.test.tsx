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

function Status() {
  return <p>{useSession().status}</p>;
}

describe('SessionProvider', () => {
  beforeEach(() => {
    getSession.mockReset().mockResolvedValue({ data: { session: { user: { id: 'u-1' } } } });
  });

  it('knows a visitor without a stored session is signed out without loading the client', async () => {
    render(<SessionProvider><Status /></SessionProvider>);
    expect(screen.getByText('signed-out')).toBeInTheDocument();
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(getSession).not.toHaveBeenCalled();
  });

  it('loads the client on the first interaction', async () => {
    getSession.mockResolvedValue({ data: { session: null } });
    render(<SessionProvider><Status /></SessionProvider>);
    await act(async () => {
      window.dispatchEvent(new Event('pointerdown'));
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(screen.getByText('signed-out')).toBeInTheDocument();
  });

  it('waits for the client when a session is stored, then reports the user', async () => {
    localStorage.setItem('sb-127-auth-token', '{}');
    render(<SessionProvider><Status /></SessionProvider>);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('signed-in')).toBeInTheDocument();
  });

  it('throws when used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Status />)).toThrow('useSession must be used inside <SessionProvider>');
  });
});
