import { describe, expect, it } from 'vitest';
import { authErrorMessage } from './auth-error-message';

describe('authErrorMessage', () => {
  it.each([
    [{ code: 'google-account' }, 'Este correo está registrado con Google'],
    [{ code: 'facebook-account' }, 'Este correo está registrado con Facebook'],
    [{ code: 'user-not-found' }, 'Usuario no encontrado. Verifica los datos'],
    [{ code: 'user_already_exists' }, 'El correo electrónico ya está registrado'],
    [{ code: 'weak_password' }, 'La contraseña es demasiado débil'],
    [{ code: 'invalid_credentials' }, 'Credenciales inválidas. Verifique su email y contraseña'],
    [{ code: 'over_request_rate_limit', status: 429 }, 'Demasiados intentos fallidos. Por favor, intente más tarde o reinicie su contraseña'],
    [{ code: 'email_not_confirmed', status: 400 }, 'Aún no has confirmado tu correo. Abre el enlace que te enviamos o pide otro.'],
    [{ code: 'same_password', status: 422 }, 'La nueva contraseña debe ser distinta de la actual'],
    [
      { code: 'over_email_send_rate_limit', status: 429, message: 'For security purposes, you can only request this after 42 seconds.' },
      'Por seguridad, espera 42 segundos antes de pedir otro correo.',
    ],
    [
      { code: 'over_email_send_rate_limit', status: 429, message: 'For security purposes, you can only request this after 1 seconds.' },
      'Por seguridad, espera 1 segundo antes de pedir otro correo.',
    ],
    [
      { code: 'over_email_send_rate_limit', status: 429, message: 'email rate limit exceeded' },
      'Se han enviado demasiados correos. Inténtalo de nuevo más tarde.',
    ],
    // The Send Email hook's refusal, passed on by GoTrue with the code "unknown".
    [
      { code: 'unknown', status: 429, message: 'For security purposes, you can only request this after 3540 seconds.' },
      'Por seguridad, espera 59 minutos antes de pedir otro correo.',
    ],
    [{ name: 'AuthRetryableFetchError' }, 'Error de conexión. Por favor, revise su conexión a internet'],
    [{ name: 'TimeoutError' }, 'La solicitud ha expirado. Por favor, intente de nuevo'],
    [{ code: 'something_new' }, 'Ha ocurrido un error desconocido. Por favor, intente de nuevo'],
  ])('maps %o to "%s"', (error, message) => {
    expect(authErrorMessage(error)).toBe(message);
  });
});
