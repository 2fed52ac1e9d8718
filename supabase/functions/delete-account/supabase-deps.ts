// The real dependencies: the Auth API for who and the password, the service role for the
// deletion (public.delete_account is granted to it only) and the image removal.
import { createClient } from '@supabase/supabase-js';
import { removeChismeImages, serviceRpc } from '../_shared/service-role.ts';
import { createCallerClient } from '../_shared/supabase-clients.ts';
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
    return (await serviceRpc<string[] | null>('delete_account', { p_user_id: userId })) ?? [];
  },
  // Service role: clients can never delete bucket objects.
  removeImages: removeChismeImages,
  now: () => new Date(),
};
