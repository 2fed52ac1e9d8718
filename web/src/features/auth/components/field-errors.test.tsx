// Per-field errors of the auth forms: the failing input is marked invalid, described by the
// spec's message, and focused; only the first failure shows; typing clears it.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, signedOut, userEvent } from '../../../test-utils/render';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

vi.mock('../../../lib/supabase', () => ({ supabase: { auth: {} } }));

const user = userEvent.setup();

function describedText(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('auth forms: per-field errors', () => {
  it('login: marks the e-mail invalid, describes it with the message and focuses it', async () => {
    render(<LoginForm onSuccess={() => {}} onSwitch={() => {}} onForgot={() => {}} />, { session: signedOut });
    await user.type(screen.getByLabelText('Contraseña'), 'x');
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    const email = screen.getByLabelText('Correo electrónico');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(describedText(email)).toContain('Por favor, ingrese su correo electrónico');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Contraseña')).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('login: a short password points at the password field, and typing clears it', async () => {
    render(<LoginForm onSuccess={() => {}} onSwitch={() => {}} onForgot={() => {}} />, { session: signedOut });
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), '1234567');
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    const password = screen.getByLabelText('Contraseña');
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('La contraseña debe tener al menos 8 caracteres');
    expect(screen.getByLabelText('Correo electrónico')).not.toHaveAttribute('aria-invalid');
    await user.type(password, '8');
    expect(password).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('register: only the first failure (username) shows, on its field', async () => {
    render(<RegisterForm onSuccess={() => {}} onSwitch={() => {}} onPending={() => {}} />, { session: signedOut });
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'otra');
    await user.click(screen.getByRole('button', { name: 'Registrarse' }));
    const username = screen.getByLabelText('Nombre de usuario');
    expect(username).toHaveFocus();
    expect(describedText(username)).toContain('Por favor, ingrese su nombre de usuario');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByLabelText('Correo electrónico')).not.toHaveAttribute('aria-invalid');
  });

  it('register: a mismatch points at the confirmation field', async () => {
    render(<RegisterForm onSuccess={() => {}} onSwitch={() => {}} onPending={() => {}} />, { session: signedOut });
    await user.type(screen.getByLabelText('Nombre de usuario'), 'ana');
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'Secreta123');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'Secreta124');
    await user.click(screen.getByRole('button', { name: 'Registrarse' }));
    const confirm = screen.getByLabelText('Confirmar contraseña');
    expect(confirm).toHaveFocus();
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(describedText(confirm)).toContain('Las contraseñas no coinciden');
    expect(screen.getByLabelText('Contraseña')).not.toHaveAttribute('aria-invalid');
  });
});
