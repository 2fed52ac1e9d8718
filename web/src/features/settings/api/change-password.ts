// "Cambiar contraseña": the current password is checked by signing in with it again (GoTrue's
// own check; the fresh session also meets what [auth.email] secure_password_change asks), then
// the new one is set on that session. GoTrue then ends the person's other sessions, refuses the
// same password (same_password) and weak ones (weak_password) (docs/decisions/0026-account-emails.md).
import { ApiError } from '../../../lib/api-error';
import { supabase } from '../../../lib/supabase';

export async function changePassword(email: string, current: string, next: string): Promise<void> {
  const check = await supabase.auth.signInWithPassword({ email, password: current });
  if (check.error) {
    if (check.error.code === 'invalid_credentials') throw new ApiError('wrong_password', null, check.error.status);
    throw check.error;
  }
  const { error } = await supabase.auth.updateUser({ password: next });
  if (error) throw error;
}
