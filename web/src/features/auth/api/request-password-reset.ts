// "¿Olvidaste tu contraseña?": GoTrue mails a recovery link (the same empty answer whether or not
// the address has an account) that lands on the "Nueva contraseña" screen signed in.
import { paths } from '../../../config/paths';
import { supabase } from '../../../lib/supabase';

export async function requestPasswordReset(email: string): Promise<void> {
  const { error } = await supabase.auth.resetPasswordForEmail(email.trim(), { redirectTo: window.location.origin + paths.newPassword });
  if (error) throw error;
}
