// The spec's rules for a new password (section 5, "Register password"), shared by sign-up,
// the recovery link's "Nueva contraseña" screen and the password change in settings: at least
// 8 characters, an uppercase letter and a digit; only the first failure is reported. The server
// refuses weaker ones too (supabase/config.toml password_requirements → weak_password).
import { limits } from '../config/limits';
import { auth } from '../i18n/es/auth';
import { passwordRules } from '../i18n/es/password-rules';

const hasUppercase = (password: string) => /[A-Z]/.test(password);
const hasDigit = (password: string) => /\d/.test(password);

export function validateNewPassword(password: string): string | null {
  if (password === '') return auth.validation.passwordRequired;
  if (password.length < limits.passwordMin) return auth.validation.passwordTooShort;
  if (!hasUppercase(password)) return auth.validation.passwordUppercase;
  if (!hasDigit(password)) return auth.validation.passwordDigit;
  return null;
}

/** The same rules, each with whether the password meets it: the list shown as the person types. */
export function passwordChecks(password: string): { rule: string; met: boolean }[] {
  return [
    { rule: passwordRules.minLength(limits.passwordMin), met: password.length >= limits.passwordMin },
    { rule: passwordRules.uppercase, met: hasUppercase(password) },
    { rule: passwordRules.digit, met: hasDigit(password) },
  ];
}
