// Appeals: the author's hidden chismes and the one review request each may get; the
// moderators' list of appeals (decided with the existing restore / delete).
import { toApiError } from '../../../lib/api-error';
import { supabase } from '../../../lib/supabase';

export type HiddenChisme = { chisme_id: string; appealed: boolean };
export type Appeal = { chisme_id: string; content: string; cotilleo: boolean; total_reports: number; pending_reports: number; appealed_at: string };

export const appealKeys = {
  mine: (userId: string) => ['appeals', 'mine', userId] as const,
  queue: ['appeals', 'queue'] as const,
};

export async function getMyHiddenChismes(): Promise<HiddenChisme[]> {
  const { data, error } = await supabase.rpc('get_my_hidden_chismes');
  if (error) throw toApiError(error);
  return (data ?? []) as HiddenChisme[];
}

export async function appealChisme(chismeId: string): Promise<void> {
  const { error } = await supabase.rpc('appeal_chisme', { p_chisme_id: chismeId });
  if (error) throw toApiError(error);
}

export async function getAppeals(): Promise<Appeal[]> {
  const { data, error } = await supabase.rpc('get_appeals');
  if (error) throw toApiError(error);
  return (data ?? []) as Appeal[];
}

export async function decideAppeal(chismeId: string, decision: 'restore' | 'delete'): Promise<void> {
  const { error } = await supabase.rpc(decision === 'restore' ? 'moderate_restore' : 'moderate_delete', { p_kind: 'chisme', p_id: chismeId });
  if (error) throw toApiError(error);
}
