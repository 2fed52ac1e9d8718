// Auth form validation of spec section 5; only the first failure is reported, with its field.
import { limits } from '../../../config/limits';
import { auth } from '../../../i18n/es/auth';
import { firstFailure, type FieldError } from '../../../lib/field-error';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type LoginValues = { email: string; password: string };
export type RegisterValues = { username: string; email: string; password: string; confirmPassword: string };

export function validateEmail(email: string): string | null {
  if (email.trim() === '') return auth.validation.emailRequired;
  if (!emailPattern.test(email.trim())) return auth.validation.emailInvalid;
  return null;
}

export function validateLogin(values: LoginValues): FieldError<keyof LoginValues> | null {
  return firstFailure<keyof LoginValues>([
    ['email', () => validateEmail(values.email)],
    ['password', () => (values.password === '' ? auth.validation.passwordRequired : null)],
    ['password', () => (values.password.length < limits.passwordMin ? auth.validation.passwordTooShort : null)],
  ]);
}

export function validateNewPassword(password: string): string | null {
  if (password === '') return auth.validation.passwordRequired;
  if (password.length < limits.passwordMin) return auth.validation.passwordTooShort;
  if (!/[A-Z]/.test(password)) return auth.validation.passwordUppercase;
  if (!/\d/.test(password)) return auth.validation.passwordDigit;
  return null;
}

export function validateRegister(values: RegisterValues): FieldError<keyof RegisterValues> | null {
  return firstFailure<keyof RegisterValues>([
    ['username', () => (values.username.trim() === '' ? auth.validation.usernameRequired : null)],
    ['email', () => validateEmail(values.email)],
    ['password', () => validateNewPassword(values.password)],
    ['confirmPassword', () => (values.password !== values.confirmPassword ? auth.validation.passwordsMismatch : null)],
  ]);
}
