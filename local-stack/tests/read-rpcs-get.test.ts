// Every read RPC over GET (docs/api.md, "Reads over GET"): hosted Supabase may send a Data API
// GET to a read replica, so the web calls reads with `rpc(name, args, { get: true })`. Here
// each read goes through the gateway and PostgREST as a GET (the client's fetch records the
// method), answers 200 with the right rows, and a write RPC sent the same way is refused:
// PostgREST runs a GET in a read-only transaction, as a replica would.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { ANON_KEY, API_URL, SERVICE_ROLE_KEY } from '../keys.ts';
import { confirmedUser, PASSWORD } from './helpers.ts';

type Recorded = { client: SupabaseClient; methods: Map<string, string> };

/** A supabase-js client whose requests' methods are recorded by RPC name. */
function recordingClient(key = ANON_KEY): Recorded {
  const methods = new Map<string, string>();
  const client = createClient(API_URL, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    global: {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        const rpc = url.pathname.match(/\/rest\/v1\/rpc\/([a-z_]+)/)?.[1];
        if (rpc) methods.set(rpc, init?.method ?? (input instanceof Request ? input.method : 'GET'));
        return fetch(input, init);
      },
    },
  });
  return { client, methods };
}

async function signedIn(label: string): Promise<Recorded & { email: string }> {
  const recorded = recordingClient();
  const { email } = await confirmedUser(label);
  const { error } = await recorded.client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return { ...recorded, email };
}

async function read(who: Recorded, name: string, args: Record<string, unknown> = {}): Promise<unknown> {
  const { data, error, status } = await who.client.rpc(name, args, { get: true });
  assert.equal(error, null, `${name}: ${error?.message}`);
  assert.equal(status, 200, `${name}: status`);
  assert.equal(who.methods.get(name), 'GET', `${name} went over GET`);
  return data;
}

const idsOf = (rows: unknown) => (rows as { id: string }[]).map((row) => row.id);

test('every read RPC answers over GET with the right rows; a write over GET is refused', async () => {
  const service = recordingClient(SERVICE_ROLE_KEY);
  const anon = recordingClient();
  const author = await signedIn('autora-get');
  const reader = await signedIn('lectora-get');
  const reporter = await signedIn('denunciante-get');
  const moderator = await signedIn('moderadora-get');
  const tag = `#get${Date.now() % 1_000_000}`;
  const word = `palabrotaget${Date.now() % 1_000_000}`;

  // Writes (POST), as the web makes them
  const created = await author.client.rpc('create_chisme', {
    p_gender: 'Mujer',
    p_years: 30,
    p_content: 'Un chisme leído por GET desde una réplica',
    p_tags: [tag],
    p_country: 'España',
    p_cotilleo: false,
  });
  assert.equal(created.error, null);
  const chismeId = (created.data as { id: string }).id;
  const comment = await author.client.rpc('add_comment', {
    p_chisme_id: chismeId,
    p_parent_id: null,
    p_content: 'Comentario leído por GET',
    p_gender: 'Mujer',
    p_years: 30,
    p_country: 'España',
  });
  assert.equal(comment.error, null);
  // (by someone else: a reporter's own feeds leave out what they reported)
  assert.equal((await reporter.client.rpc('report_chisme', { p_chisme_id: chismeId, p_reason: 'spam' })).error, null);
  assert.equal((await service.client.rpc('set_moderator', { p_email: moderator.email, p_moderator: true })).error, null);
  assert.equal((await service.client.rpc('add_offensive_word', { p_word: word })).error, null);
  // the role reaches the token at the next sign-in
  assert.equal((await moderator.client.auth.signInWithPassword({ email: moderator.email, password: PASSWORD })).error, null);

  try {
    for (const tab of ['recent', 'trending', 'top', 'old']) {
      // the tags as JSON text: a GET carries every argument in the query string (lib/get-args.ts)
      assert.deepEqual(
        idsOf(await read(reader, 'get_feed', { p_tab: tab, p_cotilleo: 'false', p_tags: JSON.stringify([tag]) })),
        [chismeId],
        `get_feed ${tab}`,
      );
    }
    const chisme = (await read(reader, 'get_chisme', { p_id: chismeId })) as { id: string; comments: number };
    assert.deepEqual([chisme.id, chisme.comments], [chismeId, 1], 'get_chisme');
    // the long tail's batched read: the ids as JSON text, as lib/get-args.ts sends them
    const live = (await read(reader, 'get_chisme_counts', { p_ids: JSON.stringify([chismeId]) })) as { id: string; comments: number }[];
    assert.deepEqual(
      live.map((c) => [c.id, c.comments]),
      [[chismeId, 1]],
      'get_chisme_counts',
    );
    assert.deepEqual(
      idsOf(await read(reader, 'get_comments', { p_chisme_id: chismeId, p_limit: '20' })),
      [(comment.data as { id: string }).id],
      'get_comments',
    );
    assert.ok(idsOf(await read(author, 'get_my_chismes', { p_cotilleo: false })).includes(chismeId), 'get_my_chismes');
    assert.equal(await read(author, 'get_my_suspension'), null, 'get_my_suspension');
    const queue = (await read(moderator, 'get_moderation_queue', { p_limit: '100' })) as { id: string; pending_reports: number }[];
    assert.equal(queue.find((item) => item.id === chismeId)?.pending_reports, 1, 'get_moderation_queue');
    // get_sign_in_methods counts each client's lookups (a write), so it is a POST like the
    // writes, never a replica read (docs/api.md).
    const methods = await anon.client.rpc('get_sign_in_methods', { p_email: author.email });
    assert.deepEqual([methods.data, anon.methods.get('get_sign_in_methods')], [['email'], 'POST'], 'get_sign_in_methods');
    // The typing helpers are for signed-in people only (docs/api.md).
    assert.deepEqual(await read(reader, 'find_offensive_words', { p_text: `Eso es una ${word} y lo sabes` }), [word], 'find_offensive_words');
    assert.equal(await read(reader, 'find_personal_data', { p_text: 'llámame al 612 345 678' }), 'phone', 'find_personal_data');
    assert.ok(Array.isArray(await read(service, 'list_expired_chisme_images', { p_limit: 10 })), 'list_expired_chisme_images');

    const write = await reader.client.rpc('like_chisme', { p_chisme_id: chismeId }, { get: true });
    assert.notEqual(write.error, null, 'a write RPC over GET is refused (read-only transaction)');
    const likes = await reader.client.rpc('get_chisme', { p_id: chismeId }, { get: true });
    assert.equal((likes.data as { likes: number }).likes, 0, 'and wrote nothing');
  } finally {
    await service.client.rpc('delete_offensive_word', { p_word: word });
    await service.client.rpc('delete_reported_chisme', { p_chisme_id: chismeId });
  }
});
