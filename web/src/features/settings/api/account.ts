// "Descargar mis datos" (get_my_data: only the caller's own rows) and "Eliminar mi cuenta" (the
// delete-account edge function asks proof of the person, their password or a code Supabase Auth
// mails them, checks it in the database with limits on wrong ones, then deletes everything;
// afterwards the session is dropped locally, since the account no longer exists;
// docs/decisions/0027-auth-abuse-limits.md).
import { ApiError, toApiError } from '../../../lib/api-error';
import { functionCallError } from '../../../lib/function-call-error';
import { supabase } from '../../../lib/supabase';

export async function getMyData(): Promise<unknown> {
  const { data, error } = await supabase.rpc('get_my_data');
  if (error) throw toApiError(error);
  return data;
}

/** The person's current password, or the code of sendDeletionCode's mail. */
export type DeletionProof = { password: string } | { code: string };

export async function deleteMyAccount(proof: DeletionProof): Promise<void> {
  const { error } = await supabase.functions.invoke('delete-account', { body: proof });
  if (error) throw await functionCallError(error, 'delete_failed');
  await supabase.auth.signOut({ scope: 'local' });
}

/** Supabase Auth mails the person a code (its reauthentication mail); a 429 carries the wait. */
export async function sendDeletionCode(): Promise<void> {
  const { error } = await supabase.auth.reauthenticate();
  if (!error) return;
  const seconds = Number(/after (\d+) seconds?/.exec(error.message)?.[1]);
  throw new ApiError(error.status === 429 ? 'code_wait' : 'code_failed', seconds > 0 ? { retry_after: seconds } : null, error.status);
}
