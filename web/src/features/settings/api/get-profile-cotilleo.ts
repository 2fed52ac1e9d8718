// The cotilleo flag saved on the signed-in user's profile.
import { supabase } from '../../../lib/supabase';
import { toApiError } from '../../../lib/api-error';

export async function getProfileCotilleo(userId: string): Promise<boolean> {
  const { data, error } = await supabase.from('profiles').select('cotilleo').eq('id', userId).single();
  if (error) throw toApiError(error);
  return data.cotilleo;
}
