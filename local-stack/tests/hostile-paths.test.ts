// What a hostile client tries past the RPCs, through the real gateway and PostgREST: table
// writes under any encoding of the table's name (clients hold no write privilege; the
// pre-request hook names the refusal), bodies up to 20 MB (a 413 or a key, never a 5xx),
// 50 oversized uploads from Node's fetch (each gets its 413: the gateway drops the function's
// hop-by-hop `connection: close` and drains the body), and a client's own `Connection: close`
// (never forwarded to PostgREST, never a 502).
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, describe, test } from 'node:test';
import { ANON_KEY, API_URL } from '../keys.ts';
import { REST_BODY_LIMIT } from '../gateway/gateway.ts';
import { withoutHopByHop } from '../gateway/hop-by-hop.ts';
import { deleteUsers, signedInUser, sql } from './helpers.ts';

const MB = 1000 * 1000;

interface Answer {
  status: number;
  body: string;
}

async function send(method: string, path: string, token: string, body?: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${API_URL}${path}`, {
    method,
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, body: await response.text() };
}

/** The stable key of a refusal: PostgREST's `code` (ours, or PostgreSQL's SQLSTATE). */
function keyOf(answer: Answer): string {
  const parsed = JSON.parse(answer.body) as { code?: unknown; message?: unknown };
  return typeof parsed.code === 'string' ? parsed.code : typeof parsed.message === 'string' ? parsed.message : '';
}

describe('a hostile client past the RPCs', () => {
  const cleanup: string[] = [];
  after(() => deleteUsers(cleanup));

  test('table writes under any encoding of the name: 4xx with a key, nothing stored', async () => {
    const user = await signedInUser('encoded-paths');
    cleanup.push(user.id);
    const chisme = JSON.stringify({ content: 'Un chisme escrito directamente en la tabla', gender: 'Mujer', years: 30 });
    const attempts: Array<[string, string, string | undefined, string]> = [
      ['POST', '/rest/v1/%63hismes', chisme, user.token],
      ['POST', '/rest/v1/%63%68%69%73%6d%65%73', chisme, user.token],
      ['POST', '/rest/v1/chismes', chisme, user.token],
      ['POST', '/rest/v1/%63hismes', chisme, ANON_KEY],
      ['POST', '/rest/v1/%63ountry_logs', JSON.stringify({ country: 'llamame al 600123456' }), user.token],
      ['POST', '/rest/v1/%63omments', JSON.stringify({ chisme_id: 'x' }), user.token],
      ['POST', '/rest/v1/%6Cikes', JSON.stringify({ chisme_id: '00000000-0000-0000-0000-000000000000' }), user.token],
      ['DELETE', '/rest/v1/%6Eotifications?id=not.is.null', undefined, user.token],
      ['PATCH', `/rest/v1/%70rofiles?id=eq.${user.id}`, JSON.stringify({ display_name: 'Hackeado' }), user.token],
      ['PATCH', `/rest/v1/profiles?id=eq.${user.id}`, JSON.stringify({ display_name: 'Hackeado' }), user.token],
    ];
    for (const [method, path, body, token] of attempts) {
      const answer = await send(method, path, token, body);
      const who = token === ANON_KEY ? 'anon' : 'signed in';
      assert.ok(answer.status >= 400 && answer.status < 500, `${who} ${method} ${path}: ${answer.status} ${answer.body}`);
      assert.match(keyOf(answer), /^(rest_write_not_allowed|42501)$/, `${who} ${method} ${path}: a stable key, got ${answer.body}`);
    }
    const [stored] = await sql<{ chismes: number; logs: number; name: string }>(
      `select (select count(*)::int from public.chisme_authors where user_id = $1) as chismes,
              (select count(*)::int from public.country_logs where user_id = $1) as logs,
              (select display_name from public.profiles where id = $1) as name`,
      [user.id],
    );
    assert.equal(stored?.chismes, 0, 'no chisme stored');
    assert.equal(stored?.logs, 0, 'no country log stored');
    assert.notEqual(stored?.name, 'Hackeado', 'the profile is unchanged');
    assert.deepEqual(await sql('select 1 from public.chismes where content = $1', ['Un chisme escrito directamente en la tabla']), [], 'no chisme by anyone');
  });

  test('bodies up to 20 MB to the RPCs: a 413 or a key, never a 5xx', async () => {
    const user = await signedInUser('big-bodies');
    cleanup.push(user.id);
    for (const size of [20 * MB, 5 * MB, REST_BODY_LIMIT + 100, 900 * 1000, 100 * 1000]) {
      const text = 'a'.repeat(size - 64);
      const calls: Array<[string, string]> = [
        ['create_chisme', JSON.stringify({ p_gender: 'Mujer', p_years: 30, p_content: text, p_tags: [], p_country: 'ES', p_cotilleo: false })],
        ['find_offensive_words', JSON.stringify({ p_text: text })],
      ];
      for (const [rpc, body] of calls) {
        const started = performance.now();
        const answer = await send('POST', `/rest/v1/rpc/${rpc}`, user.token, body);
        const ms = Math.round(performance.now() - started);
        console.log(`${rpc} with ${(body.length / MB).toFixed(2)} MB: ${answer.status} in ${ms} ms`);
        assert.ok(answer.status < 500, `${rpc} with ${body.length} bytes: ${answer.status} ${answer.body.slice(0, 200)}`);
        if (body.length > REST_BODY_LIMIT) {
          assert.equal(answer.status, 413, `${rpc} with ${body.length} bytes is over the gateway's REST cap`);
        } else if (answer.status >= 400) {
          assert.ok(keyOf(answer), `${rpc} with ${body.length} bytes: a key, got ${answer.body.slice(0, 200)}`);
        }
      }
    }
    assert.deepEqual(await sql('select 1 from public.chisme_authors where user_id = $1', [user.id]), [], 'nothing stored');
  });

  test('50 oversized uploads from Node\'s fetch: 50 answers of 413, no "fetch failed"', async () => {
    const user = await signedInUser('oversized-uploads');
    cleanup.push(user.id);
    // Over chisme-image's 1.1 MiB and under the gateway's 20 MiB: the function answers early,
    // from the declared Content-Length, while the client is still sending.
    const file = new Uint8Array(Math.round(1.2 * MB));
    const statuses: Array<number | string> = [];
    for (let batch = 0; batch < 10; batch += 1) {
      statuses.push(
        ...(await Promise.all(
          Array.from({ length: 5 }, async () => {
            const form = new FormData();
            form.append('chisme_id', '00000000-0000-4000-8000-000000000000');
            form.append('file', new Blob([file], { type: 'image/jpeg' }), 'grande.jpg');
            try {
              const response = await fetch(`${API_URL}/functions/v1/chisme-image`, {
                method: 'POST',
                headers: { apikey: ANON_KEY, authorization: `Bearer ${user.token}` },
                body: form,
              });
              await response.arrayBuffer();
              return response.status;
            } catch (error) {
              return `${(error as Error).message}: ${String((error as Error).cause)}`;
            }
          }),
        )),
      );
    }
    assert.deepEqual(
      statuses,
      Array.from({ length: 50 }, () => 413),
    );
  });

  test("a client's own Connection: close is not forwarded: 200 requests, no 502", async () => {
    const user = await signedInUser('connection-close');
    cleanup.push(user.id);
    const url = new URL(`${API_URL}/rest/v1/rpc/get_my_suspension`);
    const statuses = new Map<number, number>();
    const one = (): Promise<number> =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: 'POST',
            headers: { apikey: ANON_KEY, authorization: `Bearer ${user.token}`, 'content-type': 'application/json', connection: 'close' },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end('{}');
      });
    // Ten at a time, as a page's parallel reads would: the gateway's pooled upstream sockets
    // are what a forwarded `Connection: close` used to break.
    for (let batch = 0; batch < 20; batch += 1) {
      for (const status of await Promise.all(Array.from({ length: 10 }, one))) {
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }
    assert.deepEqual([...statuses.entries()], [[200, 200]]);
  });

  test('hop-by-hop headers, and those Connection names, are dropped', () => {
    assert.deepEqual(
      withoutHopByHop({
        connection: 'close, x-hop',
        'keep-alive': 'timeout=5',
        'transfer-encoding': 'chunked',
        te: 'trailers',
        trailer: 'x',
        upgrade: 'websocket',
        'proxy-authorization': 'Basic x',
        'proxy-connection': 'keep-alive',
        'x-hop': '1',
        'content-type': 'application/json',
        'content-length': '2',
        authorization: 'Bearer t',
      }),
      { 'content-type': 'application/json', 'content-length': '2', authorization: 'Bearer t' },
    );
  });
});
