// The live part (counts and image state) of the cards no head topic pushes, or that changed
// while off screen: all of them in one call, public.get_chisme_counts over GET, so hosted
// Supabase may serve it from a read replica (docs/api.md "Reads over GET"). A chisme missing
// from the answer is one the caller may no longer see (hidden, blocked author).
import { getArgs } from '../../../lib/get-args';
import type { LiveCounts } from '../../../lib/chisme-topic';
import { rpc } from '../../../lib/rpc';

export type ChismeCounts = LiveCounts;

export async function getChismeCounts(ids: readonly string[]): Promise<ChismeCounts[]> {
  if (ids.length === 0) return [];
  return (await rpc('get_chisme_counts', getArgs({ p_ids: [...ids] }), { get: true })) ?? [];
}
