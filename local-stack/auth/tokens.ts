// GoTrue's one-time e-mail tokens (supabase/auth internal/crypto/crypto.go, mailer
// templatemailer.go getPath): a numeric OTP, its hash sha224(email + otp) kept in the user's
// *_token column, and the action link `<API>/auth/v1/verify?token=<hash>&type=…&redirect_to=…`
// (the CLI points GOTRUE_MAILER_URLPATHS_* at /auth/v1/verify).
import { createHash, randomInt } from 'node:crypto';
import { API_URL } from '../shared/keys.ts';

/** `[auth.email] otp_length`: the CLI's default. */
export const OTP_LENGTH = 6;

export function generateOtp(digits = OTP_LENGTH): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

export function tokenHash(emailOrPhone: string, otp: string): string {
  return createHash('sha224')
    .update(emailOrPhone + otp)
    .digest('hex');
}

/** GoTrue's encodeRedirectURL: escaped only when it holds `&`, `=` or `#`. */
function encodeRedirect(url: string): string {
  return /[&=#]/.test(url) ? encodeURIComponent(url).replace(/%20/g, '+') : url;
}

/** The link a mail carries: `email_change_current`/`email_change_new` verify as `email_change`. */
export function actionLink(hash: string, type: string, redirectTo: string): string {
  const verifyType = type.startsWith('email_change') ? 'email_change' : type;
  return `${API_URL}/auth/v1/verify?token=${encodeURIComponent(hash)}&type=${encodeURIComponent(verifyType)}&redirect_to=${encodeRedirect(redirectTo)}`;
}
