// Publish a chisme. The RPC takes its scalars as text (docs/api.md: malformed values get keys,
// not cast errors), so the age and the mode are sent as their text.
import { supabase } from '../../../lib/supabase';
import { toApiError } from '../../../lib/api-error';
import { holdOwnChisme } from '../../../lib/own-content';
import type { FeedChisme } from '../../../types/api';

export type NewChisme = {
  gender: string;
  years: number;
  content: string;
  tags: string[];
  country: string;
  cotilleo: boolean;
};

export async function createChisme(input: NewChisme): Promise<FeedChisme> {
  const { data, error } = await supabase.rpc('create_chisme', {
    p_gender: input.gender,
    p_years: String(input.years),
    p_content: input.content,
    p_tags: input.tags,
    p_country: input.country,
    p_cotilleo: String(input.cotilleo),
  });
  if (error) throw toApiError(error);
  // The RPC returns json, the feed_chisme object (docs/decisions/0024-refused-writes-count.md).
  // Shown in the person's recent feed and list until a (replica's) read has it.
  holdOwnChisme(data as FeedChisme);
  return data as FeedChisme;
}
