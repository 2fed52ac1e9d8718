// "Descargar mis datos" (get_my_data: only the caller's own rows) and "Eliminar mi cuenta"
// (the delete-account edge function checks the password with the Auth API, then deletes
// everything; afterwards the session is dropped locally, since the account no longer exists).
import { toApiError } from '../../../lib/api-error';
import { functionCallError } from '../../../lib/function-call-error';
import { supabase } from '../../../lib/supabase';

export async function getMyData(): Promise<unknown> {
  const { data, error } = await supabase.rpc('get_my_data');
  if (error) throw toApiError(error);
  return data;
}

export async function deleteMyAccount(password: string): Promise<void> {
  const { error } = await supabase.functions.invoke('delete-account', { body: { password } });
  if (error) throw await functionCallError(error, 'delete_failed');
  await supabase.auth.signOut({ scope: 'local' });
}
