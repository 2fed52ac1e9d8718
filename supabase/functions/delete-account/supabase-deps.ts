// The real dependencies: the Auth API for whether the token still names a signed-in user, the
// service role for the proof check and the deletion (both database functions are granted to it
// only) and the image removal.
import { removeChismeImages, serviceRpc } from '../_shared/service-role.ts';
import { createCallerClient } from '../_shared/supabase-clients.ts';
import type { DeleteAccountDeps, ProofCheck } from './handler.ts';

export const supabaseDeleteAccountDeps: DeleteAccountDeps = {
  async isSignedIn(caller) {
    const { data, error } = await createCallerClient(caller.accessToken).auth.getUser(caller.accessToken);
    return !error && data.user?.id === caller.userId;
  },
  checkProof(userId, client, proof) {
    // Service role: the password hash, the code and the failure counts are private.
    return serviceRpc<ProofCheck>('check_account_proof', {
      p_user_id: userId,
      p_client: client,
      p_password: proof.password ?? null,
      p_code: proof.code ?? null,
    });
  },
  async deleteAccount(userId) {
    // Service role: only it may run the deletion (after the proof above).
    return (await serviceRpc<string[] | null>('delete_account', { p_user_id: userId })) ?? [];
  },
  // Service role: clients can never delete bucket objects.
  removeImages: removeChismeImages,
  now: () => new Date(),
};
