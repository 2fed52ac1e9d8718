// Moderation RPCs (moderators only; the database refuses everyone else). No call returns an
// author's or a reporter's id.
import { toApiError } from '../../../lib/api-error';
import { getArgs } from '../../../lib/get-args';
import { supabase } from '../../../lib/supabase';
import { QUEUE_PAGE_SIZE, type QueueCursor } from './queue-cursor';

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

/** One page of the queue, after `cursor` (the RPC takes text arguments: see docs/api.md). A read: over GET. */
export async function getModerationQueue(cursor: QueueCursor | null = null): Promise<ModerationItem[]> {
  const { data, error } = await supabase.rpc(
    'get_moderation_queue',
    getArgs({
      p_limit: String(QUEUE_PAGE_SIZE),
      p_cursor_pending: cursor && String(cursor.pending),
      p_cursor_last_reported_at: cursor?.lastReportedAt,
      p_cursor_id: cursor?.id,
    }),
    { get: true },
  );
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
  const { data, error } = await supabase.rpc('moderate_suspend_author', { p_kind: kind, p_id: id, p_days: String(days) });
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
