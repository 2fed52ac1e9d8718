// Auth form validation of spec section 5; only the first failure is reported, with its field.
import { limits } from '../../../config/limits';
import { auth } from '../../../i18n/es/auth';
import { firstFailure, type FieldError } from '../../../lib/field-error';
import { validateNewPassword } from '../../../lib/password-rules';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type LoginValues = { email: string; password: string };
export type RegisterValues = { username: string; email: string; password: string; confirmPassword: string };
export type NewPasswordValues = { password: string; confirmPassword: string };

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

export function validateRegister(values: RegisterValues): FieldError<keyof RegisterValues> | null {
  return firstFailure<keyof RegisterValues>([
    ['username', () => (values.username.trim() === '' ? auth.validation.usernameRequired : null)],
    ['email', () => validateEmail(values.email)],
    ['password', () => validateNewPassword(values.password)],
    ['confirmPassword', () => (values.password !== values.confirmPassword ? auth.validation.passwordsMismatch : null)],
  ]);
}

/** The recovery link's "Nueva contraseña" form: the sign-up rules, typed twice. */
export function validateNewPasswordForm(values: NewPasswordValues): FieldError<keyof NewPasswordValues> | null {
  return firstFailure<keyof NewPasswordValues>([
    ['password', () => validateNewPassword(values.password)],
    ['confirmPassword', () => (values.password !== values.confirmPassword ? auth.validation.passwordsMismatch : null)],
  ]);
}
