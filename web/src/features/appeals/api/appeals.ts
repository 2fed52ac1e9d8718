// Appeals: the author's hidden chismes and the one review request each may get; the
// moderators' list of appeals (decided with the existing restore / delete). supabase-js is
// imported when a call runs: /profile/ renders a notice under every own chisme, so a static
// import would put supabase-js (47 KB as served) before the profile's first card
// (bench/README.md, "The profile's first card").
import { toApiError } from '../../../lib/api-error';

const client = async () => (await import('../../../lib/supabase')).supabase;

export type HiddenChisme = { chisme_id: string; appealed: boolean };
export type Appeal = { chisme_id: string; content: string; cotilleo: boolean; total_reports: number; pending_reports: number; appealed_at: string };

export const appealKeys = {
  mine: (userId: string) => ['appeals', 'mine', userId] as const,
  queue: ['appeals', 'queue'] as const,
};

export async function getMyHiddenChismes(): Promise<HiddenChisme[]> {
  const { data, error } = await (await client()).rpc('get_my_hidden_chismes');
  if (error) throw toApiError(error);
  return (data ?? []) as HiddenChisme[];
}

export async function appealChisme(chismeId: string): Promise<void> {
  const { error } = await (await client()).rpc('appeal_chisme', { p_chisme_id: chismeId });
  if (error) throw toApiError(error);
}

export async function getAppeals(): Promise<Appeal[]> {
  const { data, error } = await (await client()).rpc('get_appeals');
  if (error) throw toApiError(error);
  return (data ?? []) as Appeal[];
}

export async function decideAppeal(chismeId: string, decision: 'restore' | 'delete'): Promise<void> {
  const { error } = await (await client()).rpc(decision === 'restore' ? 'moderate_restore' : 'moderate_delete', { p_kind: 'chisme', p_id: chismeId });
  if (error) throw toApiError(error);
}
