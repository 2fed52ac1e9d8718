// The web's form limits (web/src/config/limits.ts) against the server's. The forms check a copy
// of each limit for instant feedback; if the copy drifts, a form accepts what the database then
// refuses, or refuses what it would store. So every copied limit is tried at its edge through the
// RPC the form calls, as a signed-in person calls it (role authenticated, the JWT claims
// PostgREST sets; every rule trigger runs): the value at the web's limit must be stored, the
// value one past it refused with the rule's key. Trying the behaviour, not reading a number out
// of a function body, keeps the check true wherever the database keeps the number. The password
// length is Auth's, read from supabase/config.toml.
//
// It runs in `npm run test:db` on the throwaway cluster, in one transaction that is rolled back
// (each attempt under a savepoint undone at once, so rate limits never count them);
// `npx tsx scripts/web-limits.ts [database URL]` runs it alone, by default against the local
// stack's database.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { limits } from '../web/src/config/limits.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const localStackUrl = 'postgresql://postgres:postgres@127.0.0.1:54322/postgres';
const personId = '00000000-0000-4000-8000-0000000011a1';

type Outcome = { stored: true; row: Record<string, unknown> } | { stored: false; key: string };
type Check = { limit: string; value: string; expected: 'stored' | string };

/** Plain letters and single spaces: no rule but the length can refuse it, and every way of
 * counting (code points, graphemes, the web's visibleLength) gives `length`. */
function text(length: number): string {
  const words = 'la vecina del quinto canta boleros cada tarde en el patio ';
  const out = words.repeat(Math.ceil(length / words.length) + 1).slice(0, length);
  return out.endsWith(' ') ? `${out.slice(0, -1)}a` : out;
}

/** A tag of `length` letters, the `n`th of distinct ones. */
function tag(length: number, n = 0): string {
  return (String.fromCharCode(97 + n) + 'etiqueta'.repeat(length)).slice(0, length);
}

type Call = { sql: string; params: unknown[] };

/** Runs `call` under a savepoint, undone at once unless `keep`. */
async function attempt(client: pg.Client, { sql, params }: Call, keep = false): Promise<Outcome> {
  await client.query('savepoint attempt');
  try {
    const { rows } = await client.query<{ row: unknown }>(sql, params);
    if (!keep) await client.query('rollback to savepoint attempt');
    return { stored: true, row: (rows[0]?.row ?? {}) as Record<string, unknown> };
  } catch (error) {
    await client.query('rollback to savepoint attempt');
    const { code, message } = error as { code?: string; message?: string };
    if (code !== 'P0001') throw error;
    return { stored: false, key: message ?? '' };
  }
}

// The arguments as the forms send them (web/src/features/*/api/create-chisme.ts, add-comment.ts).
const chisme = (content: string, years: number, tags: string[], cotilleo: boolean): Call => ({
  sql: 'select public.create_chisme($1, $2, $3, $4, $5, $6) as row',
  params: ['Mujer', String(years), content, JSON.stringify(tags), 'Chile', String(cotilleo)],
});
const comment = (chismeId: string, parentId: string | null, content: string, years: number): Call => ({
  sql: 'select public.add_comment($1, $2, $3, $4, $5, $6) as row',
  params: [chismeId, parentId, content, 'Hombre', String(years), 'Chile'],
});

/** Both edges of a range: min − 1 and max + 1 refused with `key`, min and max stored. */
function range(limit: string, { min, max }: { min: number; max: number }, key: string): [Check, number][] {
  return [
    [{ limit: `${limit}.min`, value: String(min - 1), expected: key }, min - 1],
    [{ limit: `${limit}.min`, value: String(min), expected: 'stored' }, min],
    [{ limit: `${limit}.max`, value: String(max), expected: 'stored' }, max],
    [{ limit: `${limit}.max`, value: String(max + 1), expected: key }, max + 1],
  ];
}

function describe(check: Check, outcome: Outcome): string | null {
  const got = outcome.stored ? 'stored' : outcome.key;
  if (got === check.expected) return null;
  const wanted = check.expected === 'stored' ? 'to be stored' : `to be refused with ${check.expected}`;
  return `${check.limit}: the web expects ${check.value} ${wanted}; the database answered ${got}`;
}

async function probeDatabase(client: pg.Client): Promise<string[]> {
  const mismatches: string[] = [];
  const expect = async (check: Check, call: Call) => {
    const problem = describe(check, await attempt(client, call));
    if (problem) mismatches.push(problem);
  };

  // A 30-day-old account (the new-account rules do not apply), acting as itself.
  await client.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', 'limits@probe.test', '', now(),
       '{"provider":"email","providers":["email"]}', '{"username":"limitsprobe","display_name":"limitsprobe"}',
       now() - interval '30 days', now())`,
    [personId],
  );
  await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
    JSON.stringify({ sub: personId, role: 'authenticated', aud: 'authenticated' }),
  ]);

  const ok = text(limits.postContent.min);
  const { min, max } = limits.postContent;
  await expect({ limit: 'postContent.min', value: `${min - 1} characters`, expected: 'chisme_content_too_short' }, chisme(text(min - 1), 30, [], false));
  await expect({ limit: 'postContent.min', value: `${min} characters`, expected: 'stored' }, chisme(text(min), 30, [], false));
  await expect({ limit: 'postContent.max', value: `${max} characters`, expected: 'stored' }, chisme(text(max), 30, [], false));
  await expect({ limit: 'postContent.max', value: `${max + 1} characters`, expected: 'chisme_content_too_long' }, chisme(text(max + 1), 30, [], false));
  for (const mode of ['casual', 'cotilleo'] as const) {
    for (const [check, years] of range(`postAge.${mode}`, limits.postAge[mode], 'chisme_years_out_of_range')) {
      await expect({ ...check, value: `age ${check.value}` }, chisme(ok, years, [], mode === 'cotilleo'));
    }
  }
  const { max: maxTags, maxLength } = limits.tags;
  const tags = (count: number) => Array.from({ length: count }, (_, n) => tag(5, n));
  await expect({ limit: 'tags.max', value: `${maxTags} tags`, expected: 'stored' }, chisme(ok, 30, tags(maxTags), false));
  await expect({ limit: 'tags.max', value: `${maxTags + 1} tags`, expected: 'chisme_tags_too_many' }, chisme(ok, 30, tags(maxTags + 1), false));
  await expect({ limit: 'tags.maxLength', value: `a tag of ${maxLength} characters`, expected: 'stored' }, chisme(ok, 30, [tag(maxLength)], false));
  await expect(
    { limit: 'tags.maxLength', value: `a tag of ${maxLength + 1} characters`, expected: 'chisme_tag_too_long' },
    chisme(ok, 30, [tag(maxLength + 1)], false),
  );

  // Comments, on a chisme of each mode kept for the rest of the transaction.
  for (const cotilleo of [false, true]) {
    const kept = await attempt(client, chisme(ok, 30, [], cotilleo), true);
    if (!kept.stored) throw new Error(`web-limits: could not publish the chisme to comment on (${kept.key})`);
    const chismeId = String(kept.row.id);
    const mode = cotilleo ? 'cotilleo' : 'casual';
    for (const [check, years] of range(`commentAge.${mode}`, limits.commentAge[mode], 'comment_years_out_of_range')) {
      await expect({ ...check, value: `age ${check.value}` }, comment(chismeId, null, 'un comentario', years));
    }
    if (cotilleo) continue;
    const most = limits.commentContentMax;
    await expect({ limit: 'commentContentMax', value: `${most} characters`, expected: 'stored' }, comment(chismeId, null, text(most), 30));
    await expect(
      { limit: 'commentContentMax', value: `${most + 1} characters`, expected: 'comment_content_too_long' },
      comment(chismeId, null, text(most + 1), 30),
    );
    // A thread as deep as the web offers "Responder", then one reply deeper.
    let parentId: string | null = null;
    for (let depth = 1; depth <= limits.maxReplyDepth + 1; depth += 1) {
      const deepest = depth === limits.maxReplyDepth + 1;
      const outcome = await attempt(client, comment(chismeId, parentId, `respuesta de nivel ${depth}`, 30), !deepest);
      const problem = describe(
        { limit: 'maxReplyDepth', value: `a comment at depth ${depth}`, expected: deepest ? 'comment_depth_exceeded' : 'stored' },
        outcome,
      );
      if (problem) {
        mismatches.push(problem);
        break;
      }
      if (outcome.stored) parentId = String(outcome.row.id);
    }
  }
  return mismatches;
}

/** Auth's minimum password length ([auth] minimum_password_length in supabase/config.toml). */
function probeAuthConfig(): string[] {
  const config = readFileSync(join(root, 'supabase', 'config.toml'), 'utf8');
  const auth = /^\[auth\]\n([\s\S]*?)^\[/m.exec(config)?.[1] ?? '';
  const minimum = Number(/^minimum_password_length\s*=\s*(\d+)/m.exec(auth)?.[1]);
  if (minimum === limits.passwordMin) return [];
  return [`passwordMin: the web asks for ${limits.passwordMin} characters; supabase/config.toml [auth] minimum_password_length is ${minimum}`];
}

/** Every mismatch between the web's copy of a limit and the server's, as sentences (none: agreed). */
async function webLimitMismatches(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    return [...(await probeDatabase(client)), ...probeAuthConfig()];
  } finally {
    await client.query('rollback').catch(() => undefined);
    await client.end();
  }
}

/** Throws, naming each mismatch, unless every copied limit matches the server's. */
export async function checkWebLimits(url: string): Promise<void> {
  console.log('\n▶ the web forms use the database limits (web/src/config/limits.ts, scripts/web-limits.ts)');
  const mismatches = await webLimitMismatches(url);
  if (mismatches.length > 0) {
    throw new Error(`web/src/config/limits.ts disagrees with the server:\n  ${mismatches.join('\n  ')}`);
  }
  console.log('every limit the forms check matches the database');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  checkWebLimits(process.argv[2] ?? localStackUrl).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
