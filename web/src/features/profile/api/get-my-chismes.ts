// The caller's own chismes of one mode, newest first. A read: over GET (docs/api.md), with the
// person's new chismes a read replica may not have yet (lib/own-content.ts). supabase-js is
// imported when it is needed (lib/rpc.ts): on a first load of /profile/ the rows usually come
// from index.html's first-load script (lib/early-request.ts), so the page renders without it.
import { takeEarly } from '../../../lib/early-request';
import { expectFeedChismes, type FeedChisme } from '../../../lib/feed-chisme';
import { getArgs } from '../../../lib/get-args';
import { withOwnChismes } from '../../../lib/own-content';
import { rpc } from '../../../lib/rpc';
import { profileKeys } from './profile-keys';

export { profileKeys };

export async function getMyChismes(key: ReturnType<typeof profileKeys.myChismes>): Promise<FeedChisme[]> {
  const [, , cotilleo] = key;
  const early = takeEarly(JSON.stringify(key));
  // A refused or malformed early answer is not used: asked again through supabase-js.
  const rows = early
    ? await early.then((answer) => expectFeedChismes(answer, 'get_my_chismes')).catch(() => fetchMyChismes(cotilleo))
    : await fetchMyChismes(cotilleo);
  // The whole list comes in one answer: no page size limits where a held chisme fits.
  return withOwnChismes(rows, (c) => c.cotilleo === cotilleo, Number.POSITIVE_INFINITY);
}

async function fetchMyChismes(cotilleo: boolean): Promise<FeedChisme[]> {
  return expectFeedChismes(await rpc('get_my_chismes', getArgs({ p_cotilleo: cotilleo }), { get: true }), 'get_my_chismes');
}
