// The data the official suites expect from their own `supabase start --workdir test` project
// (its seed and migrations), applied to the running stack for the run and removed after it,
// so the project's own database is left as it was. Read from the suites' files, not copied.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { DB_PORT } from '../shared/paths.ts';

const dbUrl = `postgresql://postgres:postgres@127.0.0.1:${DB_PORT}/postgres`;

// storage-js: test/supabase/seed.sql (users, buckets bucket2…bucket-move, objects, policies).
// supabase-js: its migrations (public.todos with RLS, the realtime.messages policies of private
// "…channel…" topics, test-bucket and its policy, the trace-headers echo function) and seed.
const fixtureFiles: Record<string, string[]> = {
  'storage-js': ['test/supabase/seed.sql'],
  'supabase-js': [
    'supabase/migrations/20250422000000_create_todos_table.sql',
    'supabase/migrations/20250423000000_realtime_rls_setup.sql',
    'supabase/migrations/20250424000000_storage_anon_policy.sql',
    'supabase/migrations/20260731000000_trace_headers_echo_fn.sql',
    'supabase/seed/seed_todos.sql',
  ],
};

/** Tables and functions a fixture creates in public, which the run must not find there already. */
function publicObjects(sql: string): { tables: string[]; functions: string[] } {
  const tables = [...sql.matchAll(/create table (?:if not exists )?public\.(\w+)/gi)].map((match) => match[1]!);
  const functions = [...sql.matchAll(/create (?:or replace )?function public\.(\w+)\s*\(/gi)].map((match) => match[1]!);
  return { tables, functions };
}

/** Marks what the fixtures made, so that only it is ever dropped (a leftover of an interrupted run included). */
const MARK = 'supabase-js conformance fixture';

/** The fixture's public objects that exist now: all of them, or only those it made (marked). */
async function existing(db: pg.Client, sql: string, marked: boolean): Promise<{ tables: string[]; functions: string[] }> {
  const { tables, functions } = publicObjects(sql);
  const mark = marked ? '= $3' : 'is distinct from $3';
  const found = await db.query<{ kind: string; name: string }>(
    `select 'table' as kind, relname as name from pg_class
       where relnamespace = 'public'::regnamespace and relname = any($1) and obj_description(oid, 'pg_class') ${mark}
     union all select 'function', proname from pg_proc
       where pronamespace = 'public'::regnamespace and proname = any($2) and obj_description(oid, 'pg_proc') ${mark}`,
    [tables, functions, MARK],
  );
  return {
    tables: found.rows.filter((row) => row.kind === 'table').map((row) => row.name),
    functions: found.rows.filter((row) => row.kind === 'function').map((row) => row.name),
  };
}

async function mark(db: pg.Client, sql: string): Promise<void> {
  const { tables, functions } = publicObjects(sql);
  for (const table of tables) await db.query(`comment on table public.${table} is '${MARK}'`);
  for (const name of functions) {
    await db.query(`do $$ declare f regprocedure; begin
      for f in select oid::regprocedure from pg_proc where pronamespace = 'public'::regnamespace and proname = '${name}' loop
        execute 'comment on function ' || f::text || ' is ''${MARK}'''; end loop; end $$`);
  }
}

/** Stops before touching the project's own objects of the same name. */
async function refuseClashes(db: pg.Client, sql: string): Promise<void> {
  const clash = await existing(db, sql, false);
  const rows = [...clash.tables, ...clash.functions].map((name) => ({ name }));
  if (rows.length)
    throw new Error(
      `the suite's fixtures would replace the project's public.${rows.map((row) => row.name).join(', public.')}; run against a project without them`,
    );
}

async function cleanup(db: pg.Client, sql: string): Promise<void> {
  for (const match of sql.matchAll(/create policy\s+("[^"]+"|\w+)\s+on\s+("?\w+"?\."?\w+"?)/gi)) {
    await db.query(`drop policy if exists ${match[1]} on ${match[2]}`);
  }
  const made = await existing(db, sql, true);
  for (const table of made.tables) await db.query(`drop table if exists public.${table} cascade`);
  for (const name of made.functions) {
    await db.query(`do $$ declare f regprocedure; begin
      for f in select oid::regprocedure from pg_proc where pronamespace = 'public'::regnamespace and proname = '${name}'
        and obj_description(oid, 'pg_proc') = '${MARK}' loop
        execute 'drop function ' || f::text || ' cascade'; end loop; end $$`);
  }
  const buckets = [...sql.matchAll(/\('([\w-]*bucket[\w-]*)', '\1'/g)].map((match) => match[1]);
  if (buckets.length) {
    await db.query('delete from storage.objects where bucket_id = any($1)', [buckets]);
    await db.query('delete from storage.buckets where id = any($1)', [buckets]);
  }
  const users = [...sql.matchAll(/'([0-9a-f-]{36})',\s*'authenticated'/g)].map((match) => match[1]);
  if (users.length) await db.query('delete from auth.users where id = any($1::uuid[])', [users]);
}

/** Applies the suite's fixtures (after removing leftovers of an interrupted run); returns the undo. */
export async function applyFixtures(packageDir: string, suite: string): Promise<() => Promise<void>> {
  const sql = (fixtureFiles[suite] ?? []).map((file) => readFileSync(join(packageDir, file), 'utf8')).join('\n');
  if (!sql) return async () => undefined;
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await cleanup(db, sql);
    await refuseClashes(db, sql);
    await db.query(sql);
    await mark(db, sql);
    await db.query(`notify pgrst, 'reload schema'`); // PostgREST sees the fixtures' tables
  } finally {
    await db.end();
  }
  return async () => {
    const undo = new pg.Client({ connectionString: dbUrl });
    await undo.connect();
    try {
      await cleanup(undo, sql);
      await undo.query(`notify pgrst, 'reload schema'`);
    } finally {
      await undo.end();
    }
  };
}
