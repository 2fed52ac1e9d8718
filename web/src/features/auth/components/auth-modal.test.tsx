import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, signedOut, userEvent, waitFor, within } from '../../../test-utils/render';
import { AuthModal } from './auth-modal';

const getSignInMethods = vi.fn();
const signInWithPassword = vi.fn();
const signUp = vi.fn();
const resend = vi.fn();
const resetPasswordForEmail = vi.fn();

vi.mock('../api/get-sign-in-methods', () => ({ getSignInMethods: (email: string) => getSignInMethods(email) }));
vi.mock('../../../lib/supabase', () => ({
  supabase: {
    auth: {
      signInWithPassword: (a: unknown) => signInWithPassword(a),
      signUp: (a: unknown) => signUp(a),
      resend: (a: unknown) => resend(a),
      resetPasswordForEmail: (email: string, options: unknown) => resetPasswordForEmail(email, options),
    },
  },
}));

const user = userEvent.setup();

async function fillLogin(email: string, password: string) {
  if (email) await user.type(screen.getByLabelText('Correo electrónico'), email);
  if (password) await user.type(screen.getByLabelText('Contraseña'), password);
  await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
}

describe('AuthModal', () => {
  beforeEach(() => {
    getSignInMethods.mockReset();
    signInWithPassword.mockReset();
    signUp.mockReset();
    resend.mockReset();
    resetPasswordForEmail.mockReset();
  });

  it.each([
    ['', '', 'Por favor, ingrese su correo electrónico'],
    ['ana@', '', 'Por favor, ingrese un correo electrónico válido'],
    ['ana@example.com', '', 'Por favor, ingrese su contraseña'],
    ['ana@example.com', '1234567', 'La contraseña debe tener al menos 8 caracteres'],
  ])('login with "%s"/"%s" shows "%s" and sends nothing', async (email, password, message) => {
    render(<AuthModal onClose={() => {}} />, { session: signedOut });
    await fillLogin(email, password);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(getSignInMethods).not.toHaveBeenCalled();
  });

  it('says the e-mail is registered with Google when the pre-check says so', async () => {
    getSignInMethods.mockResolvedValue(['google']);
    render(<AuthModal onClose={() => {}} />, { session: signedOut });
    await fillLogin('ana@example.com', 'Secreta123');
    expect(await screen.findByRole('alert')).toHaveTextContent('Este correo está registrado con Google');
    expect(signInWithPassword).not.toHaveBeenCalled();
  });

  it('says the user is unknown when the pre-check finds no method', async () => {
    getSignInMethods.mockResolvedValue([]);
    render(<AuthModal onClose={() => {}} />, { session: signedOut });
    await fillLogin('ana@example.com', 'Secreta123');
    expect(await screen.findByRole('alert')).toHaveTextContent('Usuario no encontrado. Verifica los datos');
  });

  it('shows "Iniciando..." while signing in, then closes', async () => {
    getSignInMethods.mockResolvedValue(['email']);
    let finish: (value: unknown) => void = () => {};
    signInWithPassword.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const onClose = vi.fn();
    render(<AuthModal onClose={onClose} />, { session: signedOut });
    await fillLogin('ana@example.com', 'Secreta123');
    expect(await screen.findByRole('button', { name: 'Iniciando...' })).toBeDisabled();
    finish({ error: null });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('maps wrong credentials to the spec message', async () => {
    getSignInMethods.mockResolvedValue(['email']);
    signInWithPassword.mockResolvedValue({ error: { code: 'invalid_credentials', status: 400 } });
    render(<AuthModal onClose={() => {}} />, { session: signedOut });
    await fillLogin('ana@example.com', 'Secreta123');
    expect(await screen.findByRole('alert')).toHaveTextContent('Credenciales inválidas. Verifique su email y contraseña');
  });

  it('shows and hides the password', async () => {
    render(<AuthModal onClose={() => {}} />, { session: signedOut });
    const password = screen.getByLabelText('Contraseña');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('asks for the e-mail to recover the password and gives the same answer whatever the address', async () => {
    resetPasswordForEmail.mockResolvedValue({ data: {}, error: null });
    render(<AuthModal onClose={() => {}} />, { session: signedOut });
    await user.click(screen.getByRole('button', { name: '¿Olvidaste tu contraseña?' }));
    expect(screen.getByRole('dialog', { name: 'Recuperar contraseña' })).toBeInTheDocument();
    const email = screen.getByLabelText('Correo electrónico');
    expect(email).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Por favor, ingrese su correo electrónico');
    expect(resetPasswordForEmail).not.toHaveBeenCalled();
    await user.type(email, 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Si hay una cuenta con ese correo, te hemos enviado un enlace');
    expect(resetPasswordForEmail).toHaveBeenCalledWith('ana@example.com', { redirectTo: `${window.location.origin}/nueva-contrasena` });
    await user.click(screen.getByRole('button', { name: 'Volver a iniciar sesión' }));
    expect(screen.getByRole('dialog', { name: 'Iniciar Sesión' })).toBeInTheDocument();
  });

  it("shows GoTrue's wait between two recovery mails in Spanish", async () => {
    resetPasswordForEmail.mockResolvedValue({
      data: {},
      error: { code: 'over_email_send_rate_limit', status: 429, message: 'For security purposes, you can only request this after 37 seconds.' },
    });
    render(<AuthModal onClose={() => {}} initialView="forgot" />, { session: signedOut });
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Por seguridad, espera 37 segundos antes de pedir otro correo.');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says the e-mail is not confirmed yet and resends the confirmation', async () => {
    getSignInMethods.mockResolvedValue(['email']);
    signInWithPassword.mockResolvedValue({ error: { code: 'email_not_confirmed', status: 400 } });
    resend.mockResolvedValue({ data: {}, error: null });
    render(<AuthModal onClose={() => {}} />, { session: signedOut });
    await fillLogin('ana@example.com', 'Secreta123');
    expect(await screen.findByRole('alert')).toHaveTextContent('Aún no has confirmado tu correo');
    await user.click(screen.getByRole('button', { name: 'Reenviar correo' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Te hemos enviado otro correo.');
    expect(resend).toHaveBeenCalledWith({ type: 'signup', email: 'ana@example.com', options: { emailRedirectTo: `${window.location.origin}/chismes/` } });
  });

  it('validates registration: first failure only, then passwords must match', async () => {
    render(<AuthModal onClose={() => {}} />, { session: signedOut });
    await user.click(screen.getByRole('button', { name: '¿No tienes cuenta? Regístrate' }));
    await user.type(screen.getByLabelText('Nombre de usuario'), 'ana');
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'secreta123');
    await user.click(screen.getByRole('button', { name: 'Registrarse' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La contraseña debe contener al menos una letra mayúscula');
    await user.clear(screen.getByLabelText('Contraseña'));
    await user.type(screen.getByLabelText('Contraseña'), 'Secreta123');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'Secreta124');
    await user.click(screen.getByRole('button', { name: 'Registrarse' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Las contraseñas no coinciden');
    expect(signUp).not.toHaveBeenCalled();
  });

  it('ticks off each password rule beside the field as the person types', async () => {
    render(<AuthModal onClose={() => {}} initialView="register" />, { session: signedOut });
    const password = screen.getByLabelText('Contraseña');
    const rules = screen.getByRole('list', { name: 'Tu contraseña necesita' });
    expect(password).toHaveAccessibleDescription(/Al menos 8 caracteres/);
    const states = () =>
      within(rules)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(states()).toEqual(['Al menos 8 caracteres: falta', 'Una letra mayúscula: falta', 'Un número: falta']);
    await user.type(password, 'S');
    expect(states()).toEqual(['Al menos 8 caracteres: falta', 'Una letra mayúscula: cumplido', 'Un número: falta']);
    await user.type(password, 'ecreta1');
    expect(states()).toEqual(['Al menos 8 caracteres: cumplido', 'Una letra mayúscula: cumplido', 'Un número: cumplido']);
    expect(signUp).not.toHaveBeenCalled();
  });

  it('registers and shows "Registrando..." meanwhile', async () => {
    signUp.mockReturnValue(new Promise(() => {}));
    render(<AuthModal onClose={() => {}} initialView="register" />, { session: signedOut });
    await fillRegister();
    expect(await screen.findByRole('button', { name: 'Registrando...' })).toBeDisabled();
    expect(signUp).toHaveBeenCalledWith({
      email: 'ana@example.com',
      password: 'Secreta123',
      options: { data: { username: 'ana', display_name: 'ana' }, emailRedirectTo: `${window.location.origin}/chismes/` },
    });
  });

  it("after a sign-up that waits for confirmation, says to check the inbox, and resends with GoTrue's wait", async () => {
    signUp.mockResolvedValue({ data: { user: { id: 'u' }, session: null }, error: null });
    resend.mockResolvedValueOnce({
      data: {},
      error: { code: 'over_email_send_rate_limit', status: 429, message: 'For security purposes, you can only request this after 58 seconds.' },
    });
    const onClose = vi.fn();
    render(<AuthModal onClose={onClose} initialView="register" />, { session: signedOut });
    await fillRegister();
    expect(await screen.findByRole('dialog', { name: 'Revisa tu correo' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Te hemos enviado un enlace a ana@example.com');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Reenviar correo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Por seguridad, espera 58 segundos antes de pedir otro correo.');
  });

  it('closes at once when the project signs people in without confirmation', async () => {
    signUp.mockResolvedValue({ data: { user: { id: 'u' }, session: { access_token: 't' } }, error: null });
    const onClose = vi.fn();
    render(<AuthModal onClose={onClose} initialView="register" />, { session: signedOut });
    await fillRegister();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

async function fillRegister() {
  await user.type(screen.getByLabelText('Nombre de usuario'), 'ana');
  await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
  await user.type(screen.getByLabelText('Contraseña'), 'Secreta123');
  await user.type(screen.getByLabelText('Confirmar contraseña'), 'Secreta123');
  await user.click(screen.getByRole('button', { name: 'Registrarse' }));
}
