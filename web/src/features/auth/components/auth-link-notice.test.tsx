import { describe, expect, it, vi } from 'vitest';
import { render, screen, signedOut } from '../../../test-utils/render';
import { AuthLinkNotice } from './auth-link-notice';

const redirect = vi.fn();
vi.mock('../../../lib/auth-redirect', () => ({ authRedirectAtStart: () => redirect() }));

describe('AuthLinkNotice', () => {
  it('says the link expired when GoTrue sent the visitor back with otp_expired', () => {
    redirect.mockReturnValue({ type: null, errorCode: 'otp_expired' });
    render(<AuthLinkNotice />, { session: signedOut });
    expect(screen.getByRole('alert')).toHaveTextContent('El enlace ha caducado o ya se usó');
  });

  it.each([[{ type: null, errorCode: null }], [{ type: null, errorCode: 'unknown' }], [{ type: 'signup', errorCode: null }]])(
    'says nothing for %o',
    (value) => {
      redirect.mockReturnValue(value);
      render(<AuthLinkNotice />, { session: signedOut });
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );
});
