// Login pre-check: how an e-mail signs in (anon rpc).
import { supabase } from '../../../lib/supabase';
import { toApiError } from '../../../lib/api-error';

export type SignInMethod = 'email' | 'google' | 'facebook';

export async function getSignInMethods(email: string): Promise<SignInMethod[]> {
  const { data, error } = await supabase.rpc('get_sign_in_methods', { p_email: email.trim() });
  if (error) throw toApiError(error);
  return (data ?? []) as SignInMethod[];
}
