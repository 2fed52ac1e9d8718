// Moderation RPCs (moderators only; the database refuses everyone else). No call returns an
// author's or a reporter's id.
import { toApiError } from '../../../lib/api-error';
import { supabase } from '../../../lib/supabase';

export type ModerationKind = 'chisme' | 'comment';
export type SuspensionDays = 1 | 7 | 30;

export type ModerationItem = {
  kind: ModerationKind;
  id: string;
  chisme_id: string | null;
  content: string;
  cotilleo: boolean;
  pending_reports: number;
  total_reports: number;
  reasons: { reason: string; count: number }[];
  hidden: boolean;
  last_reported_at: string;
  created_at: string;
};

export type OffensiveWord = { id: string; word: string };

export async function getModerationQueue(): Promise<ModerationItem[]> {
  const { data, error } = await supabase.rpc('get_moderation_queue', { p_limit: 100 });
  if (error) throw toApiError(error);
  return (data ?? []) as unknown as ModerationItem[];
}

export async function restoreContent(kind: ModerationKind, id: string): Promise<void> {
  const { error } = await supabase.rpc('moderate_restore', { p_kind: kind, p_id: id });
  if (error) throw toApiError(error);
}

export async function deleteContent(kind: ModerationKind, id: string): Promise<void> {
  const { error } = await supabase.rpc('moderate_delete', { p_kind: kind, p_id: id });
  if (error) throw toApiError(error);
}

/** Suspends the (anonymous) author; resolves to the end date. */
export async function suspendAuthor(kind: ModerationKind, id: string, days: SuspensionDays): Promise<string> {
  const { data, error } = await supabase.rpc('moderate_suspend_author', { p_kind: kind, p_id: id, p_days: days });
  if (error) throw toApiError(error);
  return data as string;
}

export async function getOffensiveWords(): Promise<OffensiveWord[]> {
  const { data, error } = await supabase.from('offensive_words').select('id, word').order('word');
  if (error) throw toApiError(error);
  return data ?? [];
}

export async function addOffensiveWord(word: string): Promise<void> {
  const { error } = await supabase.rpc('moderate_add_offensive_word', { p_word: word });
  if (error) throw toApiError(error);
}

export async function deleteOffensiveWord(word: string): Promise<void> {
  const { error } = await supabase.rpc('moderate_delete_offensive_word', { p_word: word });
  if (error) throw toApiError(error);
}
