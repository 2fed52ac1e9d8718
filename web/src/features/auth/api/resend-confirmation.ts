// "Reenviar correo": the sign-up confirmation mail again (GoTrue's /resend). GoTrue answers 429
// within [auth.email] max_frequency of the last mail, and past [auth.rate_limit] email_sent;
// it answers the same for an unknown address.
import { paths } from '../../../config/paths';
import { supabase } from '../../../lib/supabase';

/** Where the confirmation link lands: the feed, signed in (an allowed redirect in config.toml). */
export function confirmationRedirect(): string {
  return window.location.origin + paths.feed.recent;
}

export async function resendConfirmation(email: string): Promise<void> {
  const { error } = await supabase.auth.resend({ type: 'signup', email: email.trim(), options: { emailRedirectTo: confirmationRedirect() } });
  if (error) throw error;
}
