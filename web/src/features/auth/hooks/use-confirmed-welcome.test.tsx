import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '../../../test-utils/render';
import { useConfirmedWelcome } from './use-confirmed-welcome';

const redirect = vi.fn();
const forget = vi.fn();
vi.mock('../../../lib/auth-redirect', () => ({ authRedirectAtStart: () => redirect(), forgetAuthRedirect: () => forget() }));

function Probe() {
  useConfirmedWelcome();
  return null;
}

describe('useConfirmedWelcome', () => {
  it('welcomes once when the confirmation link signed the person in', async () => {
    redirect.mockReturnValue({ type: 'signup', errorCode: null });
    render(<Probe />);
    expect(await screen.findByText('Correo confirmado. ¡Bienvenido a Chismes!')).toBeInTheDocument();
    expect(forget).toHaveBeenCalledTimes(1);
  });

  it('says nothing after a recovery link or an ordinary visit', async () => {
    forget.mockReset();
    for (const type of ['recovery', null]) {
      redirect.mockReturnValue({ type, errorCode: null });
      render(<Probe />);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Correo confirmado. ¡Bienvenido a Chismes!')).toBeNull();
    expect(forget).not.toHaveBeenCalled();
  });
});
