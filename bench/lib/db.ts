// Connections to the stack's PostgreSQL (superuser for setup, `authenticated` with claims
// for what a user does), and the bench data set: load, grow, clean up.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { DB_URL } from '../../local-stack/keys.ts';

const sqlDir = new URL('../sql/', import.meta.url);

export async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: DB_URL });
  await client.connect();
  return client;
}

export function benchUserId(i: number): string {
  return `bec4c4c4-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
}

/** Bench users 50001..50100 own nothing and liked nothing: the writers and subscribers. */
export const FREE_USER_BASE = 50_000;

/** Makes the session act as a signed-in user, as PostgREST does for a request. */
export async function actAs(client: pg.Client, userId: string): Promise<void> {
  const claims = JSON.stringify({ sub: userId, role: 'authenticated', aud: 'authenticated' });
  await client.query(`select set_config('request.jwt.claims', $1, false), set_config('role', 'authenticated', false)`, [claims]);
}

export async function installScratchSchema(client: pg.Client): Promise<void> {
  await client.query(readFileSync(new URL('setup.sql', sqlDir), 'utf8'));
  await inTransaction(client, () => client.query('select bench.create_users()'));
}

/** Adds chismes i in [from, to] with their likes and comments, then refreshes statistics. */
export async function loadChismes(client: pg.Client, from: number, to: number): Promise<void> {
  await inTransaction(client, () => client.query('select bench.load($1, $2)', [from, to]));
  // vacuum too: a long-lived database has its hint bits and visibility map set; without it
  // the first feed reads after a bulk load would pay for writing them.
  await client.query('vacuum (analyze) public.chismes, public.likes, public.comments, public.chisme_authors, public.comment_authors');
}

export async function cleanup(client: pg.Client): Promise<void> {
  await inTransaction(client, () => client.query(readFileSync(new URL('cleanup.sql', sqlDir), 'utf8')));
  // Leave the developer's database as compact as it was: millions of dead rows otherwise
  // wait for autovacuum and slow the next load.
  await client.query(`vacuum (analyze) public.chismes, public.likes, public.comments, public.chisme_authors,
    public.comment_authors, public.notifications, public.reports, private.notified_likes,
    private.thread_participants, auth.users, public.profiles, realtime.messages`);
}

async function inTransaction(client: pg.Client, work: () => Promise<unknown>): Promise<void> {
  await client.query('begin');
  try {
    await work();
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

export async function countRows(client: pg.Client): Promise<Record<string, number>> {
  const { rows } = await client.query<{ chismes: string; likes: string; comments: string }>(`
    select (select count(*) from public.chismes where id >= 'bec4c4c5-0000-0000-0000-000000000000' and id < 'bec4c4c6-0000-0000-0000-000000000000') as chismes,
           (select count(*) from public.likes where chisme_id >= 'bec4c4c5-0000-0000-0000-000000000000' and chisme_id < 'bec4c4c6-0000-0000-0000-000000000000') as likes,
           (select count(*) from public.comments where id >= 'bec4c4c6-0000-0000-0000-000000000000' and id < 'bec4c4c7-0000-0000-0000-000000000000') as comments`);
  const row = rows[0]!;
  return { chismes: Number(row.chismes), likes: Number(row.likes), comments: Number(row.comments) };
}
