// "Cambiar contraseña": the current password is checked by signing in with it again (GoTrue's own
// check, with its per-IP limit; the fresh session is one GoTrue does not ask a reauthentication
// code of: [auth.email] secure_password_change asks it of sessions older than 24 hours), then the
// new one is set on that session together with the current one, which Supabase Auth requires
// itself (security_update_password_require_current_password), so the check holds at the API and
// not only here. GoTrue then ends the person's other sessions, refuses the same password
// (same_password) and weak ones (weak_password) (docs/decisions/0027-auth-abuse-limits.md).
import { ApiError } from '../../../lib/api-error';
import { supabase } from '../../../lib/supabase';

export async function changePassword(email: string, current: string, next: string): Promise<void> {
  const check = await supabase.auth.signInWithPassword({ email, password: current });
  if (check.error) {
    if (check.error.code === 'invalid_credentials') throw new ApiError('wrong_password', null, check.error.status);
    throw check.error;
  }
  const { error } = await supabase.auth.updateUser({ password: next, current_password: current });
  if (error) throw error;
}
