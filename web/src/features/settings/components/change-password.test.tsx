import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, signedIn, userEvent, waitFor, within } from '../../../test-utils/render';
import { ChangePassword } from './change-password';

const signInWithPassword = vi.fn();
const updateUser = vi.fn();
vi.mock('../../../lib/supabase', () => ({
  supabase: { auth: { signInWithPassword: (a: unknown) => signInWithPassword(a), updateUser: (a: unknown) => updateUser(a) } },
}));

const user = userEvent.setup();

async function change(current: string, next: string, confirm = next) {
  render(<ChangePassword email="ana@example.com" />, { session: signedIn });
  await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cambiar contraseña' });
  if (current) await user.type(screen.getByLabelText('Contraseña actual'), current);
  if (next) await user.type(screen.getByLabelText('Nueva contraseña'), next);
  if (confirm) await user.type(screen.getByLabelText('Confirmar nueva contraseña'), confirm);
  await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
  return dialog;
}

describe('ChangePassword', () => {
  beforeEach(() => {
    signInWithPassword.mockReset().mockResolvedValue({ data: {}, error: null });
    updateUser.mockReset().mockResolvedValue({ data: {}, error: null });
  });

  it.each([
    ['', 'Nueva1234', 'Nueva1234', 'Por favor, ingrese su contraseña'],
    ['Secreta123', 'nueva1234', 'nueva1234', 'La contraseña debe contener al menos una letra mayúscula'],
    ['Secreta123', 'Nueva1234', 'Nueva1235', 'Las contraseñas no coinciden'],
  ])('refuses %s → %s/%s with "%s" and sends nothing', async (current, next, confirm, message) => {
    await change(current, next, confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(signInWithPassword).not.toHaveBeenCalled();
  });

  it('ticks off the sign-up rules beside the new password as it is typed', async () => {
    render(<ChangePassword email="ana@example.com" />, { session: signedIn });
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    await screen.findByRole('dialog', { name: 'Cambiar contraseña' });
    const rules = screen.getByRole('list', { name: 'Tu contraseña necesita' });
    await user.type(screen.getByLabelText('Nueva contraseña'), 'nueva12345');
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Al menos 8 caracteres: cumplido', 'Una letra mayúscula: falta', 'Un número: cumplido']);
    expect(screen.getByLabelText('Nueva contraseña')).toHaveAccessibleDescription(/Una letra mayúscula/);
  });

  it('checks the current password by signing in with it, then sets the new one with the current one, which Auth checks too', async () => {
    await change('Secreta123', 'Nueva1234');
    await waitFor(() => expect(updateUser).toHaveBeenCalledWith({ password: 'Nueva1234', current_password: 'Secreta123' }));
    expect(signInWithPassword).toHaveBeenCalledWith({ email: 'ana@example.com', password: 'Secreta123' });
    expect(await screen.findByText('Tu contraseña se ha cambiado.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says "Contraseña incorrecta" for a wrong current password and changes nothing', async () => {
    signInWithPassword.mockResolvedValue({ data: {}, error: { code: 'invalid_credentials', status: 400 } });
    await change('Mala12345', 'Nueva1234');
    expect(await screen.findByRole('alert')).toHaveTextContent('Contraseña incorrecta');
    expect(updateUser).not.toHaveBeenCalled();
  });

  it.each([
    ['same_password', 422, 'La nueva contraseña debe ser distinta de la actual'],
    ['weak_password', 422, 'La contraseña es demasiado débil'],
    ['current_password_invalid', 400, 'Contraseña incorrecta'],
  ])("shows GoTrue's %s in Spanish", async (code, status, message) => {
    updateUser.mockResolvedValue({ data: {}, error: { code, status } });
    await change('Secreta123', 'Secreta123');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
