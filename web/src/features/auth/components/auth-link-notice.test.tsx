import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, signedOut, userEvent, within } from '../../../test-utils/render';
import { dialogStore } from '../../../hooks/use-dialogs';
import { AuthLinkNotice } from './auth-link-notice';

const redirect = vi.fn();
vi.mock('../../../lib/auth-redirect', () => ({ authRedirectAtStart: () => redirect() }));

describe('AuthLinkNotice', () => {
  beforeEach(() => dialogStore.set({ kind: 'none' }));

  it('says the link expired when GoTrue sent the visitor back with otp_expired', () => {
    redirect.mockReturnValue({ type: null, errorCode: 'otp_expired', path: '/nueva-contrasena' });
    render(<AuthLinkNotice />, { session: signedOut });
    expect(screen.getByRole('alert')).toHaveTextContent('El enlace ha caducado o ya se usó');
  });

  it('after a spent confirmation link, says the account may be confirmed already and offers to sign in', async () => {
    redirect.mockReturnValue({ type: null, errorCode: 'otp_expired', path: '/chismes/' });
    render(<AuthLinkNotice />, { session: signedOut });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Si ya confirmaste tu correo, tu cuenta está lista');
    await userEvent.click(within(alert).getByRole('button', { name: 'Iniciar Sesión' }));
    expect(dialogStore.get()).toEqual({ kind: 'auth' });
  });

  it.each([
    [{ type: null, errorCode: null, path: '/chismes/' }],
    [{ type: null, errorCode: 'unknown', path: '/chismes/' }],
    [{ type: 'signup', errorCode: null, path: '/chismes/' }],
  ])('says nothing for %o', (value) => {
    redirect.mockReturnValue(value);
    render(<AuthLinkNotice />, { session: signedOut });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
