// REST through the gateway to the real PostgREST 12: anon and two users, RLS visible.
// The fixture table relies only on Supabase's default privileges (no grants), as apps do.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { API_URL, PUBLISHABLE_KEY } from '../keys.ts';
import { client, signedInUser, sleep, sql } from './helpers.ts';

const table = 'local_stack_test_notes';

/**
 * Until PostgREST's schema cache has the table for good: a reload triggered by earlier DDL
 * (other test files drop their fixtures) can finish after the newer one, so require the
 * table to stay visible for a while.
 */
async function waitForSchemaCache(): Promise<void> {
  let seen = 0;
  for (let attempt = 0; attempt < 100 && seen < 10; attempt += 1) {
    const { error } = await client().from(table).select('id').limit(1);
    seen = error ? 0 : seen + 1;
    await sleep(100);
  }
  if (seen < 10) throw new Error(`PostgREST never kept ${table} in its schema cache`);
}

describe('rest', () => {
  before(async () => {
    await sql(`drop table if exists public.${table}`);
    await sql(`
      create table public.${table} (
        id bigint generated always as identity primary key,
        owner uuid not null default auth.uid(),
        body text not null,
        shared boolean not null default false
      );
      alter table public.${table} enable row level security;
      create policy ${table}_select on public.${table} for select to anon, authenticated using (shared or owner = (select auth.uid()));
      create policy ${table}_insert on public.${table} for insert to authenticated with check (owner = (select auth.uid()));
      create policy ${table}_update on public.${table} for update to authenticated using (owner = (select auth.uid()));`);
    await waitForSchemaCache();
  });
  after(async () => {
    await sql(`drop table if exists public.${table}`);
  });

  test('anon reads only shared rows and cannot write; users see their own and shared rows', async () => {
    const ana = await signedInUser('ana');
    const beto = await signedInUser('beto');
    const inserted = await ana.client
      .from(table)
      .insert([
        { body: 'privada de Ana', shared: false },
        { body: 'compartida', shared: true },
      ])
      .select();
    assert.equal(inserted.error, null, JSON.stringify({ status: inserted.status, error: inserted.error }));
    assert.equal(inserted.data?.length, 2);
    assert.ok(
      inserted.data?.every((row) => row.owner === ana.id),
      'owner defaults to auth.uid() from request.jwt.claims',
    );

    const anonWrite = await client().from(table).insert({ body: 'anónima' });
    assert.equal(anonWrite.error?.code, '42501');

    const spoof = await beto.client.from(table).insert({ body: 'suplantada', owner: ana.id });
    assert.equal(spoof.error?.code, '42501', 'insert policy refuses rows for someone else');

    const anonRead = await client().from(table).select('body').order('id');
    assert.deepEqual(
      anonRead.data?.map((row) => row.body),
      ['compartida'],
    );
    const betoRead = await beto.client.from(table).select('body', { count: 'exact' });
    assert.deepEqual(
      betoRead.data?.map((row) => row.body),
      ['compartida'],
    );
    assert.equal(betoRead.count, 1, 'Content-Range count reaches the client');
    const anaRead = await ana.client.from(table).select('body').order('id');
    assert.deepEqual(
      anaRead.data?.map((row) => row.body),
      ['privada de Ana', 'compartida'],
    );

    const betoUpdate = await beto.client.from(table).update({ body: 'cambiada' }).eq('shared', true).select();
    assert.deepEqual(betoUpdate.data, [], 'update policy hides other users rows');
    const anaUpdate = await ana.client.from(table).update({ body: 'editada' }).eq('shared', true).select('body');
    assert.deepEqual(anaUpdate.data, [{ body: 'editada' }]);
  });

  test('the publishable key is mapped to the anon JWT; the count header is exposed to browsers', async () => {
    const response = await fetch(`${API_URL}/rest/v1/${table}?select=id`, {
      headers: { apikey: PUBLISHABLE_KEY, prefer: 'count=exact', origin: 'http://127.0.0.1:5173' },
    });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-range') ?? '', /^\S+\/\d+$/);
    assert.match(response.headers.get('access-control-expose-headers') ?? '', /Content-Range/);
  });
});
