// chisme-image-purge through the local stack with keys of both kinds, sent as the pg_cron job
// sends them (`apikey` only, no Authorization) and as a Bearer token: the function checks the
// key itself (`verify_jwt = false`), since an `sb_secret_…` key is no JWT.
import assert from 'node:assert/strict';
import { anonKey, apiUrl, createChisme, fixture, invoke, signUp, sql } from './stack.ts';

function requireEnv(name: string): string {
  const value = Deno.env.get(name);
  if (!value) {
    throw new Error(
      `${name} is not set: run these tests with npm run test:functions`,
    );
  }
  return value;
}

const keys = {
  legacyService: requireEnv('SUPABASE_SERVICE_ROLE_KEY'),
  secret: requireEnv('SUPABASE_SECRET_KEY'),
  publishable: requireEnv('SUPABASE_PUBLISHABLE_KEY'),
};

const purge = async (headers: Record<string, string>) => {
  const response = await fetch(`${apiUrl}/functions/v1/chisme-image-purge`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: '{}',
  });
  return { status: response.status, body: await response.json() };
};

const author = await signUp('autora-purga');

/** A cotilleo chisme with an image whose window closed 21 minutes ago. */
async function expiredImage(): Promise<string> {
  const chismeId = await createChisme(author);
  const form = new FormData();
  form.set('chisme_id', chismeId);
  form.set(
    'file',
    new File([fixture('pixel.png') as BlobPart], 'pixel.png', {
      type: 'image/png',
    }),
  );
  assert.equal((await invoke(author, 'chisme-image', form)).status, 201);
  await sql(
    `update public.chismes set created_at = now() - interval '21 minutes' where id = $1`,
    [chismeId],
  );
  return chismeId;
}

const stored = async (chismeId: string) =>
  (await sql<{ n: number }>(
    `select count(*)::int as n from storage.objects where bucket_id = 'chismes' and name = $1`,
    [chismeId],
  ))[0]!.n;

Deno.test("the cron job's call (apikey only) purges with the legacy service key and with an sb_secret key", async () => {
  for (
    const [kind, key] of [['legacy service_role JWT', keys.legacyService], [
      'sb_secret key',
      keys.secret,
    ]]
  ) {
    const chismeId = await expiredImage();
    const answer = await purge({ apikey: key! });
    assert.equal(answer.status, 200, `${kind}: ${JSON.stringify(answer.body)}`);
    assert.ok(answer.body.removed >= 1, kind);
    assert.equal(
      await stored(chismeId),
      0,
      `${kind}: the expired image is gone`,
    );
  }
});

Deno.test('a service key as supabase-js sends it (apikey and Bearer) is accepted, and a legacy Bearer alone', async () => {
  for (const key of [keys.legacyService, keys.secret]) {
    const answer = await purge({ apikey: key, Authorization: `Bearer ${key}` });
    assert.equal(
      answer.status,
      200,
      `${key.slice(0, 12)}…: ${JSON.stringify(answer.body)}`,
    );
  }
  assert.equal(
    (await purge({ Authorization: `Bearer ${keys.legacyService}` })).status,
    200,
  );
});

Deno.test('publishable and anon keys, users and no key are refused, and nothing is purged', async () => {
  const chismeId = await expiredImage();
  const { data } = await author.client.auth.getSession();
  for (
    const headers of [
      {},
      { apikey: keys.publishable },
      { apikey: anonKey },
      { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
      {
        apikey: keys.publishable,
        Authorization: `Bearer ${data.session!.access_token}`,
      },
    ] as Record<string, string>[]
  ) {
    const answer = await purge(headers);
    assert.equal(answer.status, 401, JSON.stringify(headers));
    assert.equal(answer.body.error.code, 'not_authenticated');
  }
  assert.equal(await stored(chismeId), 1);
  assert.equal((await purge({ apikey: keys.secret })).status, 200);
});
