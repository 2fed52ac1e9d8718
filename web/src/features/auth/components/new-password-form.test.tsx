import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, signedIn, userEvent, waitFor } from '../../../test-utils/render';
import { NewPasswordForm } from './new-password-form';
import { NewPasswordScreen } from './new-password-screen';

const updateUser = vi.fn();
vi.mock('../../../lib/supabase', () => ({ supabase: { auth: { updateUser: (a: unknown) => updateUser(a) } } }));

const user = userEvent.setup();

async function fill(password: string, confirm: string) {
  await user.type(screen.getByLabelText('Nueva contraseña'), password);
  if (confirm) await user.type(screen.getByLabelText('Confirmar nueva contraseña'), confirm);
  await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
}

describe('NewPasswordForm', () => {
  beforeEach(() => updateUser.mockReset());

  it.each([
    ['Corta1', '', 'La contraseña debe tener al menos 8 caracteres'],
    ['secreta123', '', 'La contraseña debe contener al menos una letra mayúscula'],
    ['Secretaaaa', '', 'La contraseña debe contener al menos un número'],
    ['Secreta123', 'Secreta124', 'Las contraseñas no coinciden'],
  ])('refuses "%s"/"%s" with the sign-up rule "%s" and sends nothing', async (password, confirm, message) => {
    render(<NewPasswordForm onSaved={() => {}} />, { session: signedIn });
    await fill(password, confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(updateUser).not.toHaveBeenCalled();
  });

  it('saves the new password on the session the link opened', async () => {
    updateUser.mockResolvedValue({ data: {}, error: null });
    const onSaved = vi.fn();
    render(<NewPasswordForm onSaved={onSaved} />, { session: signedIn });
    await fill('Nueva1234', 'Nueva1234');
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(updateUser).toHaveBeenCalledWith({ password: 'Nueva1234' });
  });

  it("shows GoTrue's same_password in Spanish", async () => {
    updateUser.mockResolvedValue({ data: {}, error: { code: 'same_password', status: 422 } });
    const onSaved = vi.fn();
    render(<NewPasswordForm onSaved={onSaved} />, { session: signedIn });
    await fill('Nueva1234', 'Nueva1234');
    expect(await screen.findByRole('alert')).toHaveTextContent('La nueva contraseña debe ser distinta de la actual');
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('NewPasswordScreen', () => {
  it('says the link expired and offers another when it did not sign the person in', () => {
    render(<NewPasswordScreen recovering={false} onSaved={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Nueva contraseña' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('El enlace ha caducado o ya se usó');
    expect(screen.getByRole('button', { name: 'Pedir otro enlace' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Nueva contraseña')).toBeNull();
  });
});
