// Like or unlike a chisme; both return the new like count.
import { supabase } from '../../../lib/supabase';
import { toApiError } from '../../../lib/api-error';

export async function likeChisme(chismeId: string): Promise<number> {
  const { data, error } = await supabase.rpc('like_chisme', { p_chisme_id: chismeId });
  if (error) throw toApiError(error);
  return data as number;
}

export async function unlikeChisme(chismeId: string): Promise<number> {
  const { data, error } = await supabase.rpc('unlike_chisme', { p_chisme_id: chismeId });
  if (error) throw toApiError(error);
  return data as number;
}
