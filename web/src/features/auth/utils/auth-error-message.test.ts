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
    [{ name: 'AuthRetryableFetchError' }, 'Error de conexión. Por favor, revise su conexión a internet'],
    [{ name: 'TimeoutError' }, 'La solicitud ha expirado. Por favor, intente de nuevo'],
    [{ code: 'something_new' }, 'Ha ocurrido un error desconocido. Por favor, intente de nuevo'],
  ])('maps %o to "%s"', (error, message) => {
    expect(authErrorMessage(error)).toBe(message);
  });
});
