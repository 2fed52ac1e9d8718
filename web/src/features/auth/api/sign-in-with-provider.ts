// Google / Facebook sign-in (the local stack simulates both providers).
import { paths } from '../../../config/paths';
import { supabase } from '../../../lib/supabase';

export type OAuthProvider = 'google' | 'facebook';

export async function signInWithProvider(provider: OAuthProvider): Promise<void> {
  const { error } = await supabase.auth.signInWithOAuth({
    provider,
    options: { redirectTo: window.location.origin + paths.feed.recent.replace(/\/$/, '') },
  });
  if (error) throw error;
}
