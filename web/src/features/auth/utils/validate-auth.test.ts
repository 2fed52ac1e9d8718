import { describe, expect, it } from 'vitest';
import { validateLogin, validateRegister } from './validate-auth';

const register = { username: 'ana', email: 'ana@example.com', password: 'Secreta123', confirmPassword: 'Secreta123' };

describe('validateLogin', () => {
  it.each([
    [{ email: '', password: 'x' }, 'Por favor, ingrese su correo electrónico'],
    [{ email: 'ana@', password: 'x' }, 'Por favor, ingrese un correo electrónico válido'],
    [{ email: 'ana@example.com', password: '' }, 'Por favor, ingrese su contraseña'],
    [{ email: 'ana@example.com', password: '1234567' }, 'La contraseña debe tener al menos 8 caracteres'],
  ])('rejects %o with "%s"', (values, message) => {
    expect(validateLogin(values)).toBe(message);
  });
  it('accepts a valid login', () => {
    expect(validateLogin({ email: 'ana@example.com', password: '12345678' })).toBeNull();
  });
});

describe('validateRegister', () => {
  it.each([
    [{ password: 'Abc1', confirmPassword: 'Abc1' }, 'La contraseña debe tener al menos 8 caracteres'],
    [{ password: 'secreta123', confirmPassword: 'secreta123' }, 'La contraseña debe contener al menos una letra mayúscula'],
    [{ password: 'Secretaaaa', confirmPassword: 'Secretaaaa' }, 'La contraseña debe contener al menos un número'],
    [{ confirmPassword: 'Otra12345' }, 'Las contraseñas no coinciden'],
    [{ email: 'no-es-correo' }, 'Por favor, ingrese un correo electrónico válido'],
  ])('rejects %o with "%s"', (change, message) => {
    expect(validateRegister({ ...register, ...change })).toBe(message);
  });
  it('reports only the first failure', () => {
    expect(validateRegister({ ...register, email: '', password: 'x', confirmPassword: 'y' })).toBe('Por favor, ingrese su correo electrónico');
  });
  it('accepts a valid registration', () => {
    expect(validateRegister(register)).toBeNull();
  });
});
