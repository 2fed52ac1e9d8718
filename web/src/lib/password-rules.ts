// The spec's rules for a new password (section 5, "Register password"), shared by sign-up,
// the recovery link's "Nueva contraseña" screen and the password change in settings: at least
// 8 characters, an uppercase letter and a digit; only the first failure is reported. The server
// refuses weaker ones too (supabase/config.toml password_requirements → weak_password).
import { limits } from '../config/limits';
import { auth } from '../i18n/es/auth';

export function validateNewPassword(password: string): string | null {
  if (password === '') return auth.validation.passwordRequired;
  if (password.length < limits.passwordMin) return auth.validation.passwordTooShort;
  if (!/[A-Z]/.test(password)) return auth.validation.passwordUppercase;
  if (!/\d/.test(password)) return auth.validation.passwordDigit;
  return null;
}
