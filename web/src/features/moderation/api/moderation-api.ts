// Moderation RPCs (moderators only; the database refuses everyone else). No call returns an
// author's or a reporter's id.
import { toApiError } from '../../../lib/api-error';
import { arrayOf, type Checked, expectAnswer, isBoolean, isNumber, isString, oneOf, type Shape, shaped } from '../../../lib/answer-shape';
import type { CompositeTypes, Tables } from '../../../lib/database';
import { getArgs } from '../../../lib/get-args';
import { rpc } from '../../../lib/rpc';
import { supabase } from '../../../lib/supabase';
import { QUEUE_PAGE_SIZE, type QueueCursor } from './queue-cursor';

export type SuspensionDays = 1 | 7 | 30;

// The queue's row, the generated composite type `moderation_item` checked where it arrives
// (lib/answer-shape.ts): its fields are all nullable there, and `reasons` is jsonb.
const moderationItemShape = {
  kind: oneOf('chisme', 'comment'),
  id: isString,
  chisme_id: isString,
  content: isString,
  cotilleo: isBoolean,
  pending_reports: isNumber,
  total_reports: isNumber,
  reasons: arrayOf(shaped({ reason: isString, code: isString, count: isNumber, explanations: arrayOf(isString) })),
  hidden: isBoolean,
  last_reported_at: isString,
  created_at: isString,
} satisfies Shape<CompositeTypes<'moderation_item'>>;

export type ModerationItem = Checked<typeof moderationItemShape>;
export type ModerationKind = ModerationItem['kind'];

const isQueuePage = arrayOf(shaped(moderationItemShape));

export type OffensiveWord = Pick<Tables<'offensive_words'>, 'id' | 'word'>;

/** One page of the queue, after `cursor` (the RPC takes text arguments: see docs/api.md). A read: over GET. */
export async function getModerationQueue(cursor: QueueCursor | null = null): Promise<ModerationItem[]> {
  const answer = await rpc(
    'get_moderation_queue',
    getArgs({
      p_limit: String(QUEUE_PAGE_SIZE),
      p_cursor_pending: cursor && String(cursor.pending),
      p_cursor_last_reported_at: cursor?.lastReportedAt,
      p_cursor_id: cursor?.id,
    }),
    { get: true },
  );
  return expectAnswer(answer ?? [], isQueuePage, 'get_moderation_queue');
}

/** The ground of a decision: a code of the reason list and the moderator's explanation (both
 * written into the author's statement of reasons). */
export type Ground = { reason: string; explanation: string };

/** Restores the content and dismisses its reports (each reporter is told); `unfounded` marks
 * them manifestly unfounded (the misuse measure). */
export async function restoreContent(kind: ModerationKind, id: string, unfounded: boolean): Promise<void> {
  await rpc('moderate_restore', { p_kind: kind, p_id: id, p_unfounded: String(unfounded) });
}

export async function deleteContent(kind: ModerationKind, id: string, ground: Ground): Promise<void> {
  await rpc('moderate_delete', { p_kind: kind, p_id: id, p_reason: ground.reason, p_explanation: ground.explanation || null });
}

/** Suspends the (anonymous) author; resolves to the end date. */
export async function suspendAuthor(kind: ModerationKind, id: string, days: SuspensionDays, ground: Ground): Promise<string> {
  return expectAnswer(
    await rpc('moderate_suspend_author', {
      p_kind: kind,
      p_id: id,
      p_days: String(days),
      p_reason: ground.reason,
      p_explanation: ground.explanation || null,
    }),
    isString,
    'moderate_suspend_author',
  );
}

export async function getOffensiveWords(): Promise<OffensiveWord[]> {
  const { data, error } = await supabase.from('offensive_words').select('id, word').order('word');
  if (error) throw toApiError(error);
  return data ?? [];
}

export async function addOffensiveWord(word: string): Promise<void> {
  await rpc('moderate_add_offensive_word', { p_word: word });
}

export async function deleteOffensiveWord(word: string): Promise<void> {
  await rpc('moderate_delete_offensive_word', { p_word: word });
}
