// One chisme's live part (counts and image state), for its page's refresh every 30 s: the
// batched read the feeds use (public.get_chisme_counts over GET, served by a read replica).
// Null when the caller may no longer see it (hidden, blocked author).
import type { LiveCounts } from '../../../lib/chisme-topic';
import { getArgs } from '../../../lib/get-args';
import { rpc } from '../../../lib/rpc';

export async function getChismeLive(id: string): Promise<LiveCounts | null> {
  const rows = await rpc('get_chisme_counts', getArgs({ p_ids: [id] }), { get: true });
  return rows?.[0] ?? null;
}
