// Registration with username; the database creates the profile from the metadata. With
// confirmations on (supabase/config.toml enable_confirmations) GoTrue answers without a session
// and mails a link that lands on the feed signed in; the same answer comes for an address that
// already has an account (GoTrue does not say which), so the form always says to check the inbox.
import { supabase } from '../../../lib/supabase';
import { confirmationRedirect } from './resend-confirmation';

export async function signUp(username: string, email: string, password: string): Promise<{ signedIn: boolean }> {
  const name = username.trim();
  const { data, error } = await supabase.auth.signUp({
    email: email.trim(),
    password,
    options: { data: { username: name, display_name: name }, emailRedirectTo: confirmationRedirect() },
  });
  if (error) throw error;
  return { signedIn: data.session !== null };
}
