// One chisme as the caller sees it: a shared link's page, the comments dialog's header, and the
// fresh counters after a comment. A read: over GET (docs/api.md, "Reads over GET"). supabase-js
// is imported when it is needed (lib/rpc.ts): on a shared link the chisme usually comes from
// index.html's first-load script (lib/early-request.ts), so the page renders without it.
import { takeEarly } from '../../../lib/early-request';
import { expectChismeOrNone, type FeedChisme } from '../../../lib/feed-chisme';
import { getArgs } from '../../../lib/get-args';
import { rpc } from '../../../lib/rpc';
import { chismeKeys } from './chisme-keys';

/** `primary`: right after the person's own write, ask with POST, which the primary answers
 * (a replica may not have that write yet); never from the first-load answer then. */
export async function getChisme(id: string, { primary = false } = {}): Promise<FeedChisme | null> {
  const early = primary ? undefined : takeEarly(JSON.stringify(chismeKeys.one(id)));
  // A refused or malformed first-load answer is not used: asked again through supabase-js.
  return early ? early.then(chismeOrNone).catch(() => fetchChisme(id, primary)) : fetchChisme(id, primary);
}

const chismeOrNone = (answer: unknown) => expectChismeOrNone(answer, 'get_chisme');

async function fetchChisme(id: string, primary: boolean): Promise<FeedChisme | null> {
  return chismeOrNone(await rpc('get_chisme', getArgs({ p_id: id }), { get: !primary }));
}
