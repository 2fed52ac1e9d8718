// Publish a chisme. The RPC takes its scalars as text (docs/api.md: malformed values get keys,
// not cast errors), so the age and the mode are sent as their text.
import { type FeedChisme, expectFeedChisme } from '../../../lib/feed-chisme';
import { holdOwnChisme } from '../../../lib/own-content';
import { rpc } from '../../../lib/rpc';

export type NewChisme = {
  gender: string;
  years: number;
  content: string;
  tags: string[];
  country: string;
  cotilleo: boolean;
};

export async function createChisme(input: NewChisme): Promise<FeedChisme> {
  const answer = await rpc('create_chisme', {
    p_gender: input.gender,
    p_years: String(input.years),
    p_content: input.content,
    p_tags: input.tags,
    p_country: input.country,
    p_cotilleo: String(input.cotilleo),
  });
  // The RPC returns json, the feed_chisme object (docs/decisions/0024-refused-writes-count.md).
  const created = expectFeedChisme(answer, 'create_chisme');
  // Shown in the person's recent feed and list until a (replica's) read has it.
  holdOwnChisme(created);
  return created;
}
