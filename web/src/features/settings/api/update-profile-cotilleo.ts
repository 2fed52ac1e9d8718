// Save the cotilleo flag to the signed-in user's profile (the database takes the user from
// the session's token). Switching it on carries the confirmation of being 18 or older, which
// the database stores with its date; switching it off withdraws it.
import { supabase } from '../../../lib/supabase';
import { toApiError } from '../../../lib/api-error';

export async function updateProfileCotilleo(cotilleo: boolean): Promise<void> {
  const { error } = await supabase.rpc('update_my_profile', { p_cotilleo: String(cotilleo), p_adult: String(cotilleo) });
  if (error) throw toApiError(error);
}
