import { describe, expect, it } from 'vitest';
import { validateLogin, validateRegister } from './validate-auth';

const register = { username: 'ana', email: 'ana@example.com', password: 'Secreta123', confirmPassword: 'Secreta123' };

describe('validateLogin', () => {
  it.each([
    [{ email: '', password: 'x' }, 'email', 'Por favor, ingrese su correo electrónico'],
    [{ email: 'ana@', password: 'x' }, 'email', 'Por favor, ingrese un correo electrónico válido'],
    [{ email: 'ana@example.com', password: '' }, 'password', 'Por favor, ingrese su contraseña'],
    [{ email: 'ana@example.com', password: '1234567' }, 'password', 'La contraseña debe tener al menos 8 caracteres'],
  ])('rejects %o on %s with "%s"', (values, field, message) => {
    expect(validateLogin(values)).toEqual({ field, message });
  });
  it('accepts a valid login', () => {
    expect(validateLogin({ email: 'ana@example.com', password: '12345678' })).toBeNull();
  });
});

describe('validateRegister', () => {
  it.each([
    [{ username: '  ' }, 'username', 'Por favor, ingrese su nombre de usuario'],
    [{ password: 'Abc1', confirmPassword: 'Abc1' }, 'password', 'La contraseña debe tener al menos 8 caracteres'],
    [{ password: 'secreta123', confirmPassword: 'secreta123' }, 'password', 'La contraseña debe contener al menos una letra mayúscula'],
    [{ password: 'Secretaaaa', confirmPassword: 'Secretaaaa' }, 'password', 'La contraseña debe contener al menos un número'],
    [{ confirmPassword: 'Otra12345' }, 'confirmPassword', 'Las contraseñas no coinciden'],
    [{ email: 'no-es-correo' }, 'email', 'Por favor, ingrese un correo electrónico válido'],
  ])('rejects %o on %s with "%s"', (change, field, message) => {
    expect(validateRegister({ ...register, ...change })).toEqual({ field, message });
  });
  it('reports only the first failure', () => {
    expect(validateRegister({ ...register, email: '', password: 'x', confirmPassword: 'y' })).toEqual({
      field: 'email',
      message: 'Por favor, ingrese su correo electrónico',
    });
  });
  it('accepts a valid registration', () => {
    expect(validateRegister(register)).toBeNull();
  });
});
