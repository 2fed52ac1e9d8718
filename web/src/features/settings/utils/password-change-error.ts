// GoTrue's answers to a password change, in the spec's Spanish (section 8's auth catalogue).
import { account } from '../../../i18n/es/account';
import { auth } from '../../../i18n/es/auth';

const byCode: Record<string, string> = {
  wrong_password: auth.errors.wrongPassword,
  current_password_invalid: auth.errors.wrongPassword,
  same_password: auth.errors.samePassword,
  weak_password: auth.errors.weakPassword,
  over_request_rate_limit: auth.errors.tooManyRequests,
};

export function passwordChangeError(failure: unknown): string {
  const { key, code, status } = (typeof failure === 'object' && failure !== null ? failure : {}) as { key?: string; code?: string; status?: number };
  const known = byCode[key ?? code ?? ''];
  if (known) return known;
  return status === 429 ? auth.errors.tooManyRequests : account.changeFailed;
}
