// Save the cotilleo flag to the signed-in user's profile (the database takes the user from
// the session's token).
import { supabase } from '../../../lib/supabase';
import { toApiError } from '../../../lib/api-error';

export async function updateProfileCotilleo(cotilleo: boolean): Promise<void> {
  const { error } = await supabase.rpc('update_my_profile', { p_cotilleo: String(cotilleo) });
  if (error) throw toApiError(error);
}
