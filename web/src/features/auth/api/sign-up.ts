// Registration with username; the database creates the profile from the metadata.
import { supabase } from '../../../lib/supabase';

export async function signUp(username: string, email: string, password: string): Promise<void> {
  const name = username.trim();
  const { error } = await supabase.auth.signUp({
    email: email.trim(),
    password,
    options: { data: { username: name, display_name: name } },
  });
  if (error) throw error;
}
