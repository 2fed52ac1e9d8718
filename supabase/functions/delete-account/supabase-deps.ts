// The real dependencies: the Auth API for who and the password, the service role for the
// deletion (public.delete_account is granted to it only) and the image removal.
import { createClient } from '@supabase/supabase-js';
import { createCallerClient, createServiceClient } from '../_shared/supabase-clients.ts';
import type { DeleteAccountDeps } from './handler.ts';

export const supabaseDeleteAccountDeps: DeleteAccountDeps = {
  async emailOf(caller) {
    const { data, error } = await createCallerClient(caller.accessToken).auth.getUser(caller.accessToken);
    if (error || !data.user || data.user.id !== caller.userId) return null;
    return data.user.email ?? null;
  },
  async passwordMatches(email, password) {
    // A throwaway client: the sign-in's session is never stored and dies with the account.
    const client = createClient(Deno.env.get('SUPABASE_URL') ?? '', Deno.env.get('SUPABASE_ANON_KEY') ?? '', {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    const { error } = await client.auth.signInWithPassword({ email, password });
    return !error;
  },
  async deleteAccount(userId) {
    // Service role: only it may run the deletion (after the password check above).
    const { data, error } = await createServiceClient().rpc('delete_account', { p_user_id: userId });
    if (error) throw new Error(`delete_account failed: ${error.code ?? ''} ${error.message}`);
    return (data ?? []) as string[];
  },
  async removeImages(names) {
    // Service role: clients can never delete bucket objects.
    const { error } = await createServiceClient().storage.from('chismes').remove(names);
    if (error) throw error;
  },
  now: () => new Date(),
};
