// Sign out; failures are logged and yield false (spec section 8).
import { forgetOwnContent } from '../../../lib/own-content';
import { supabase } from '../../../lib/supabase';

export async function signOut(): Promise<boolean> {
  forgetOwnContent();
  const { error } = await supabase.auth.signOut();
  if (error) {
    console.error('sign-out failed', error);
    return false;
  }
  return true;
}
