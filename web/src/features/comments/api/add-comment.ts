// Add a root comment or a reply. The RPC takes its scalars as text (docs/api.md), so the age
// is sent as its text.
import { toApiError } from '../../../lib/api-error';
import { holdOwnComment } from '../../../lib/own-content';
import { supabase } from '../../../lib/supabase';
import type { ThreadComment } from '../../../types/api';

export type NewComment = { chismeId: string; parentId: string | null; content: string; gender: string; years: number; country: string };

export async function addComment(input: NewComment): Promise<ThreadComment> {
  const { data, error } = await supabase.rpc('add_comment', {
    p_chisme_id: input.chismeId,
    p_parent_id: input.parentId as string,
    p_content: input.content,
    p_gender: input.gender,
    p_years: String(input.years),
    p_country: input.country,
  });
  if (error) throw toApiError(error);
  // The RPC returns json, the thread_comment object (docs/decisions/0024-refused-writes-count.md).
  // Shown in the person's thread until a (replica's) read has it.
  holdOwnComment(data as ThreadComment);
  return data as ThreadComment;
}
