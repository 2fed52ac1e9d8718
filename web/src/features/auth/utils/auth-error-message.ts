// Auth errors (GoTrue codes and our pre-check codes) mapped to the catalogue of spec section 8.
import { auth } from '../../../i18n/es/auth';

const byCode: Record<string, string> = {
  'google-account': auth.errors.googleAccount,
  'facebook-account': auth.errors.facebookAccount,
  'user-not-found': auth.errors.userNotFound,
  user_not_found: auth.errors.userNotFound,
  user_already_exists: auth.errors.emailAlreadyInUse,
  email_exists: auth.errors.emailAlreadyInUse,
  'email-already-in-use': auth.errors.emailAlreadyInUse,
  email_address_invalid: auth.errors.invalidEmail,
  'invalid-email': auth.errors.invalidEmail,
  'wrong-password': auth.errors.wrongPassword,
  'invalid-password': auth.errors.wrongPassword,
  weak_password: auth.errors.weakPassword,
  invalid_credentials: auth.errors.invalidCredential,
  over_request_rate_limit: auth.errors.tooManyRequests,
  request_timeout: auth.errors.timeout,
  email_not_confirmed: auth.errors.emailNotConfirmed,
  same_password: auth.errors.samePassword,
  otp_expired: auth.linkExpired,
};

/**
 * GoTrue's 429 over_email_send_rate_limit has two causes: the wait between two mails to one
 * address ("For security purposes, you can only request this after N seconds.") and the
 * project's hourly limit ("email rate limit exceeded"). The Send Email hook's own refusals (per
 * client and inbox, docs/decisions/0027-auth-abuse-limits.md) come as a 429 with the same words
 * and GoTrue's code "unknown".
 */
function emailSendLimitMessage(message: string | undefined): string {
  const seconds = /after (\d+) seconds?/.exec(message ?? '')?.[1];
  return seconds ? auth.errors.waitBeforeResend(Math.max(1, Number(seconds))) : auth.errors.emailLimit;
}

type AuthLikeError = { code?: string; name?: string; message?: string; status?: number };

export function authErrorMessage(error: unknown): string {
  const e = (typeof error === 'object' && error !== null ? error : {}) as AuthLikeError;
  if (e.code === 'over_email_send_rate_limit') return emailSendLimitMessage(e.message);
  if (e.status === 429 && /after \d+ seconds?/.test(e.message ?? '')) return emailSendLimitMessage(e.message);
  if (e.code && byCode[e.code]) return byCode[e.code] as string;
  if (e.status === 429) return auth.errors.tooManyRequests;
  if (e.name === 'AuthRetryableFetchError' || (e.name === 'TypeError' && /fetch/i.test(e.message ?? ''))) {
    return auth.errors.network;
  }
  if (e.name === 'AbortError' || e.name === 'TimeoutError') return auth.errors.timeout;
  return auth.errors.unknown;
}
