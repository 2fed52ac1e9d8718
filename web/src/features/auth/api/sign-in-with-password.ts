// E-mail login after the sign-in-method pre-check (spec section 7).
import { supabase } from '../../../lib/supabase';
import { getSignInMethods } from './get-sign-in-methods';

export class AuthFlowError extends Error {
  readonly code: string;
  constructor(code: string) {
    super(code);
    this.code = code;
  }
}

export async function signInWithPassword(email: string, password: string): Promise<void> {
  const methods = await getSignInMethods(email);
  if (methods.length === 0) throw new AuthFlowError('user-not-found');
  if (!methods.includes('email')) {
    throw new AuthFlowError(methods.includes('google') ? 'google-account' : 'facebook-account');
  }
  const { error } = await supabase.auth.signInWithPassword({ email: email.trim(), password });
  if (error) throw error;
}
