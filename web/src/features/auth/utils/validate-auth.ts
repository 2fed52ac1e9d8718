// Auth form validation of spec section 5; only the first failure is reported.
import { limits } from '../../../config/limits';
import { auth } from '../../../i18n/es/auth';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(email: string): string | null {
  if (email.trim() === '') return auth.validation.emailRequired;
  if (!emailPattern.test(email.trim())) return auth.validation.emailInvalid;
  return null;
}

export function validateLogin(values: { email: string; password: string }): string | null {
  return (
    validateEmail(values.email) ??
    (values.password === '' ? auth.validation.passwordRequired : null) ??
    (values.password.length < limits.passwordMin ? auth.validation.passwordTooShort : null)
  );
}

export function validateNewPassword(password: string): string | null {
  if (password === '') return auth.validation.passwordRequired;
  if (password.length < limits.passwordMin) return auth.validation.passwordTooShort;
  if (!/[A-Z]/.test(password)) return auth.validation.passwordUppercase;
  if (!/\d/.test(password)) return auth.validation.passwordDigit;
  return null;
}

export function validateRegister(values: { username: string; email: string; password: string; confirmPassword: string }): string | null {
  if (values.username.trim() === '') return auth.validation.usernameRequired;
  return (
    validateEmail(values.email) ??
    validateNewPassword(values.password) ??
    (values.password !== values.confirmPassword ? auth.validation.passwordsMismatch : null)
  );
}
