// The recovery link's new password, for the session the link signed in. GoTrue refuses the
// current one again (same_password) and weak ones (weak_password), and ends the user's other
// sessions.
import { supabase } from '../../../lib/supabase';

export async function updatePassword(password: string): Promise<void> {
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
}
