// Save the cotilleo flag to the signed-in user's profile.
import { supabase } from '../../../lib/supabase';
import { toApiError } from '../../../lib/api-error';

export async function updateProfileCotilleo(userId: string, cotilleo: boolean): Promise<void> {
  const { error } = await supabase.from('profiles').update({ cotilleo }).eq('id', userId);
  if (error) throw toApiError(error);
}
