// A person's own new chismes and comments, kept here until a read answers with them. Reads go
// over GET (lib/get-args.ts), and hosted Supabase may serve a GET from a read replica that has
// not replayed the person's write yet (docs/api.md, "Reads over GET"): without this, a feed
// or thread refetched right after posting could leave out what the person just wrote. The
// feed and comment fetchers merge what is held into their answer; an entry leaves when an
// answer contains it, or after HOLD_MS (replicas lag seconds, not minutes), or at sign-out, or
// when the person deletes it (else a deleted chisme or comment would come back until HOLD_MS).
import type { FeedChisme } from './feed-chisme';
import type { ThreadComment } from './thread-comment';

export const HOLD_MS = 60_000;

type Held<T> = { row: T; at: number };

const chismes = new Map<string, Held<FeedChisme>>();
const comments = new Map<string, Held<ThreadComment>>();

export function holdOwnChisme(chisme: FeedChisme, now = Date.now()): void {
  chismes.set(chisme.id, { row: chisme, at: now });
}

export function holdOwnComment(comment: ThreadComment, now = Date.now()): void {
  comments.set(comment.id, { row: comment, at: now });
}

/** The person deleted it: no answer will hold it again, so neither does this. */
export function forgetOwnChisme(id: string): void {
  chismes.delete(id);
}

export function forgetOwnComment(id: string): void {
  comments.delete(id);
}

export function forgetOwnContent(): void {
  chismes.clear();
  comments.clear();
}

function live<T extends { id: string }>(held: Map<string, Held<T>>, rows: readonly { id: string }[], now: number): T[] {
  const answered = new Set(rows.map((row) => row.id));
  const out: T[] = [];
  for (const [id, entry] of held) {
    if (answered.has(id) || now - entry.at > HOLD_MS) held.delete(id);
    else out.push(entry.row);
  }
  return out;
}

const newestFirst = (a: { created_at: string; id: string }, b: { created_at: string; id: string }) =>
  b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

/**
 * A newest-first first page (the recent feed, the person's own list) with the held chismes
 * `belongs` accepts that the answer lacks, each in its place by created_at. One older than the
 * last row of a full page belongs to a later page and is left out.
 */
export function withOwnChismes(rows: FeedChisme[], belongs: (chisme: FeedChisme) => boolean, pageSize: number, now = Date.now()): FeedChisme[] {
  const missing = live(chismes, rows, now).filter(belongs);
  if (missing.length === 0) return rows;
  const last = rows.at(-1);
  const fits = (c: FeedChisme) => rows.length < pageSize || !last || newestFirst(c, last) < 0;
  return [...rows, ...missing.filter(fits)].sort(newestFirst);
}

/** A chisme's first comment page with the person's held comments on it that the answer lacks. */
export function withOwnComments(chismeId: string, rows: ThreadComment[], now = Date.now()): ThreadComment[] {
  const missing = live(comments, rows, now).filter((comment) => comment.chisme_id === chismeId);
  if (missing.length === 0) return rows;
  // Roots are served newest first, then replies oldest first (docs/api.md); the thread is
  // built from parent_id, so a held root goes before the roots and a held reply at the end.
  const roots = missing.filter((c) => c.parent_id === null).sort(newestFirst);
  const replies = missing.filter((c) => c.parent_id !== null).sort((a, b) => -newestFirst(a, b));
  return [...roots, ...rows, ...replies];
}
