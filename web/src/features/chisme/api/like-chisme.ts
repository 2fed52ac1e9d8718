// Like or unlike a chisme; both return the new like count (a JSON number: the RPCs return json so
// that a refusal can be answered and counted, docs/decisions/0024-refused-writes-count.md).
// supabase-js is imported when a like is sent (lib/rpc.ts), so the feed's cards do not need it
// loaded to render (web/README.md, "First load").
import { expectAnswer, isNumber } from '../../../lib/answer-shape';
import { rpc } from '../../../lib/rpc';

export async function likeChisme(chismeId: string): Promise<number> {
  return expectAnswer(await rpc('like_chisme', { p_chisme_id: chismeId }), isNumber, 'like_chisme');
}

export async function unlikeChisme(chismeId: string): Promise<number> {
  return expectAnswer(await rpc('unlike_chisme', { p_chisme_id: chismeId }), isNumber, 'unlike_chisme');
}
