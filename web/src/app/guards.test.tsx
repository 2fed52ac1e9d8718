import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { render, screen, signedIn, signedOut } from '../test-utils/render';
import { mightHaveSession, StaticSessionProvider } from '../lib/auth';
import { RedirectIfSignedIn, RequireAuth } from './guards';

// Every protected screen the guard wraps, by path, with the text it shows once let through.
const protectedScreens = [
  ['/chismes/', 'Feed privado'],
  ['/profile/', 'Perfil privado'],
  ['/chismes/:id', 'Un chisme'],
] as const;

function App() {
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <RedirectIfSignedIn>
            <p>Bienvenida</p>
          </RedirectIfSignedIn>
        }
      />
      {protectedScreens.map(([path, text]) => (
        <Route
          key={path}
          path={path}
          element={
            <RequireAuth>
              <p>{text}</p>
            </RequireAuth>
          }
        />
      ))}
    </Routes>
  );
}

describe('route guards', () => {
  it('renders nothing of a screen until the initial auth check ends', () => {
    render(<App />, { session: { status: 'loading', user: null }, route: '/chismes/' });
    expect(screen.getByLabelText('Cargando...')).toBeInTheDocument();
    expect(screen.queryByText('Feed privado')).not.toBeInTheDocument();
    expect(screen.queryByText('Bienvenida')).not.toBeInTheDocument();
  });

  // The deep link has a test of its own (its path is a pattern here).
  it.each(protectedScreens.filter(([path]) => !path.includes(':')))('sends a signed-out visitor of %s to /login', (route, text) => {
    render(<App />, { session: signedOut, route });
    expect(screen.getByText('Bienvenida')).toBeInTheDocument();
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  it('sends a signed-in user away from /login to /chismes/', () => {
    render(<App />, { session: signedIn, route: '/login' });
    expect(screen.getByText('Feed privado')).toBeInTheDocument();
  });

  it('keeps a deep link across /login and opens it once signed in', () => {
    const { rerender } = render(<App />, { session: signedOut, route: '/chismes/2b7c1e9a-5d4f-4c3b-9a8e-1f2d3c4b5a69' });
    expect(screen.getByText('Bienvenida')).toBeInTheDocument();
    rerender(
      <StaticSessionProvider value={signedIn}>
        <App />
      </StaticSessionProvider>,
    );
    expect(screen.getByText('Un chisme')).toBeInTheDocument();
  });

  it('shows a signed-in user the protected screen', () => {
    render(<App />, { session: signedIn, route: '/profile/' });
    expect(screen.getByText('Perfil privado')).toBeInTheDocument();
  });
});

describe('mightHaveSession', () => {
  const noUrl = { hash: '', search: '' };
  it('is false with no stored session and no OAuth redirect, so /login needs no Supabase client', () => {
    expect(mightHaveSession(localStorage, noUrl)).toBe(false);
  });
  it('is true with a stored session or an OAuth redirect in the URL', () => {
    expect(mightHaveSession(localStorage, { hash: '#access_token=x&refresh_token=y', search: '' })).toBe(true);
    localStorage.setItem('sb-127-auth-token', '{}');
    expect(mightHaveSession(localStorage, noUrl)).toBe(true);
  });
});
