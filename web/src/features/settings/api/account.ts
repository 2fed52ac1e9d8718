// "Descargar mis datos" (get_my_data: only the caller's own rows) and "Eliminar mi cuenta"
// (the delete-account edge function checks the password with the Auth API, then deletes
// everything; afterwards the session is dropped locally, since the account no longer exists).
import { FunctionsHttpError } from '@supabase/supabase-js';
import { ApiError, toApiError } from '../../../lib/api-error';
import { supabase } from '../../../lib/supabase';

export async function getMyData(): Promise<unknown> {
  const { data, error } = await supabase.rpc('get_my_data');
  if (error) throw toApiError(error);
  return data;
}

export async function deleteMyAccount(password: string): Promise<void> {
  const { error } = await supabase.functions.invoke('delete-account', { body: { password } });
  if (error) {
    if (error instanceof FunctionsHttpError) {
      const response = error.context as Response;
      const body = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
      throw new ApiError(body?.error?.code ?? 'delete_failed', null, response.status);
    }
    throw new ApiError('network', null);
  }
  await supabase.auth.signOut({ scope: 'local' });
}
