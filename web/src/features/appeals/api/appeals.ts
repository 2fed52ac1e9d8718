// Appeals: the author's hidden chismes and the one review request each may get; the
// moderators' list of appeals (decided with the existing restore / delete). supabase-js is
// imported when a call runs (lib/rpc.ts): /profile/ renders a notice under every own chisme, so
// a static import would put supabase-js (47 KB as served) before the profile's first card
// (bench/HISTORY.md, "The profile's first card").
import { type RpcAnswer, rpc } from '../../../lib/rpc';

export type HiddenChisme = NonNullable<RpcAnswer<'get_my_hidden_chismes'>>[number];
export type Appeal = NonNullable<RpcAnswer<'get_appeals'>>[number];

export const appealKeys = {
  mine: (userId: string) => ['appeals', 'mine', userId] as const,
  queue: ['appeals', 'queue'] as const,
};

export async function getMyHiddenChismes(): Promise<HiddenChisme[]> {
  return (await rpc('get_my_hidden_chismes', {})) ?? [];
}

export async function appealChisme(chismeId: string): Promise<void> {
  await rpc('appeal_chisme', { p_chisme_id: chismeId });
}

export async function getAppeals(): Promise<Appeal[]> {
  return (await rpc('get_appeals', {})) ?? [];
}

export async function decideAppeal(chismeId: string, decision: 'restore' | 'delete'): Promise<void> {
  await rpc(decision === 'restore' ? 'moderate_restore' : 'moderate_delete', { p_kind: 'chisme', p_id: chismeId });
}
