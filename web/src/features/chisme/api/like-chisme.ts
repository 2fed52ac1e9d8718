// Like or unlike a chisme; both return the new like count (a JSON number: the RPCs return json so
// that a refusal can be answered and counted, docs/decisions/0024-refused-writes-count.md).
// supabase-js is imported when a like is sent, so the feed's cards do not need it loaded to
// render (web/README.md, "First load").
import { toApiError } from '../../../lib/api-error';

export async function likeChisme(chismeId: string): Promise<number> {
  const { supabase } = await import('../../../lib/supabase');
  const { data, error } = await supabase.rpc('like_chisme', { p_chisme_id: chismeId });
  if (error) throw toApiError(error);
  return data as number;
}

export async function unlikeChisme(chismeId: string): Promise<number> {
  const { supabase } = await import('../../../lib/supabase');
  const { data, error } = await supabase.rpc('unlike_chisme', { p_chisme_id: chismeId });
  if (error) throw toApiError(error);
  return data as number;
}
