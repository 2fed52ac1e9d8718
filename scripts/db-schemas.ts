// The schema files (supabase/schemas/, the one definition of every database object) against
// the migrations (supabase/migrations/, what deploys). docs/database.md tells the workflow.
//
//   npm run db:diff -- <name>              writes supabase/migrations/<now>_<name>.sql: what the
//                                          migrations lack to match the schema files (migra, a
//                                          maintained schema diff from npm), then reruns the
//                                          drift check and prints what is left to hand-write
//   npx tsx scripts/db-schemas.ts drift    the drift check alone (test:db runs it on its cluster)
//   npx tsx scripts/db-schemas.ts baseline rewrites the generated baseline migration from the
//                                          schema files: only while no database is deployed
//
// The drift check builds a second throwaway cluster from the schema files and compares a
// normalised catalogue of both: pg_dump --schema-only of the app's schemas (tables, columns,
// constraints, indexes, functions, triggers, policies, grants, comments, types) plus what the
// app defines on the platform's tables (policies on storage.objects and realtime.messages,
// triggers on auth.users and storage.objects), default privileges and publications.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { root, schemaFiles, withCluster, type Cluster } from './db-cluster.ts';

const migrationsDir = join(root, 'supabase', 'migrations');
const appSchemas = ['public', 'private'];
export const baselineFile = join(migrationsDir, '20261127200000_baseline_schema.sql');

// What the app defines on tables of the platform's schemas, and settings outside any schema.
// Extensions' own objects (pg_cron's policies, trigger and default privileges in `cron`) are left
// out: pg_cron and pg_net are created with the jobs by a hand-written migration, not by the schema
// files (as on Supabase, where supautils runs pg_cron's after-create script then).
const platformQueries: Array<[label: string, sql: string]> = [
  [
    'policies on platform tables',
    `
    select format('%s on %s.%s for %s to %s using (%s) with check (%s) -- %s',
      p.policyname, p.schemaname, p.tablename, p.cmd, array_to_string(p.roles, ','), p.qual, p.with_check,
      coalesce(obj_description(pol.oid, 'pg_policy'), ''))
    from pg_policies p
    join pg_policy pol on pol.polname = p.policyname and pol.polrelid = format('%I.%I', p.schemaname, p.tablename)::regclass
    where p.schemaname <> all ($1) and p.schemaname <> 'cron' order by 1`,
  ],
  [
    'triggers on platform tables',
    `
    select pg_get_triggerdef(t.oid) || coalesce(' -- ' || obj_description(t.oid, 'pg_trigger'), '')
    from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where not t.tgisinternal and c.relnamespace::regnamespace::text <> all ($1)
      and c.relnamespace::regnamespace::text <> 'cron' order by 1`,
  ],
  [
    'default privileges',
    `
    select format('%s in %s on %s: %s', pg_get_userbyid(d.defaclrole),
      coalesce(d.defaclnamespace::regnamespace::text, 'every schema'), d.defaclobjtype, d.defaclacl)
    from pg_default_acl d where $1::text[] is not null and (d.defaclnamespace = 0 or d.defaclnamespace::regnamespace::text <> 'cron') order by 1`,
  ],
  [
    'publications',
    `
    select format('%s: %s.%s', pubname, schemaname, tablename) from pg_publication_tables
    where $1::text[] is not null order by 1`,
  ],
];

/** The catalogue of the database at `url`, normalised so two equal schemas print equal text. */
export async function catalogue(url: string): Promise<string> {
  const dump = spawnSync('pg_dump', ['--schema-only', ...appSchemas.flatMap((schema) => ['-n', schema]), url], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (dump.status !== 0) throw new Error(`pg_dump failed: ${dump.stderr.trim()}`);
  const lines = dump.stdout
    .split('\n')
    // pg_dump's session settings and its per-run random \restrict key are not the schema
    .filter((line) => !/^(-- Dumped (from|by)|SET |SELECT pg_catalog\.set_config|\\(un)?restrict )/.test(line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const sections = [lines];
    for (const [label, sql] of platformQueries) {
      const { rows } = await client.query<Record<string, string>>(sql, [appSchemas]);
      sections.push(`-- ${label}\n${rows.map((row) => Object.values(row)[0]).join('\n')}`);
    }
    return sections.join('\n\n') + '\n';
  } finally {
    await client.end();
  }
}

/** A unified diff of two texts (diff -u), or '' when they are equal. */
function unifiedDiff(a: string, b: string, labelA: string, labelB: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'chismes-drift-'));
  try {
    writeFileSync(join(dir, 'a.sql'), a);
    writeFileSync(join(dir, 'b.sql'), b);
    const result = spawnSync('diff', ['-u', '-F', '^CREATE', '--label', labelA, '--label', labelB, join(dir, 'a.sql'), join(dir, 'b.sql')], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return result.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** '' when the schema files build what the migrations built at `migratedUrl`; else the diff. */
export async function driftAgainst(migratedUrl: string): Promise<string> {
  const fromMigrations = await catalogue(migratedUrl);
  return withCluster('schema files', async (cluster) =>
    unifiedDiff(fromMigrations, await catalogue(cluster.url), 'built by supabase/migrations', 'built by supabase/schemas'),
  );
}

/** Throws with a readable diff when the schema files and the migrations disagree. */
export async function checkDrift(migratedUrl: string): Promise<void> {
  console.log('\n▶ drift check: supabase/schemas against supabase/migrations (scripts/db-schemas.ts)');
  const diff = await driftAgainst(migratedUrl);
  if (diff) {
    const lines = diff.split('\n');
    const shown = lines.length > 200 ? [...lines.slice(0, 200), `… ${lines.length - 200} more lines`] : lines;
    throw new Error(
      `the schema files and the migrations disagree ("-" = the migrations, "+" = the schema files):\n${shown.join('\n')}\n` +
        'Run `npm run db:diff -- <name>` to write the missing migration (docs/database.md).',
    );
  }
  console.log('schema files and migrations build the same catalogue');
}

function timestamp(): string {
  const now = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const last =
    readdirSync(migrationsDir)
      .filter((name) => /^\d{14}_/.test(name))
      .sort()
      .pop()
      ?.slice(0, 14) ?? '';
  // Migrations apply in name order: a new one always sorts after the last one committed.
  return now > last ? now : String(BigInt(last) + 1n);
}

async function diffCommand(name: string | undefined): Promise<void> {
  if (!name || !/^[a-z0-9_]+$/.test(name)) {
    throw new Error('usage: npm run db:diff -- <verb>_<object> (lower case, digits and _), e.g. update_get_feed_limit');
  }
  const statements = await withCluster('migrations', (migrated) =>
    withCluster('schema files', (declared) => {
      const result = spawnSync(
        'npx',
        [
          'migra',
          'run',
          migrated.url,
          declared.url,
          '--unsafe',
          '--with-privileges',
          // pg_cron, pg_net and the CLI's history exist only where migrations ran: not schema-file objects
          '--exclude-schema',
          'cron',
          'net',
          'supabase_migrations',
        ],
        {
          cwd: root,
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      // migra exits 2 when it found differences, 0 when none
      if (result.status !== 0 && result.status !== 2) throw new Error(`migra failed: ${result.stderr.trim()}`);
      // pg_cron and pg_net are created by the hand-written reference-data migration where the
      // platform has them, never by the schema files: migra would drop them.
      return result.stdout.replace(/^drop extension if exists "(pg_cron|pg_net)";\n*/gm, '').trim();
    }),
  );
  if (!statements) {
    console.log('migra finds no difference; checking what it cannot see (comments, platform tables)…');
  } else {
    const file = join(migrationsDir, `${timestamp()}_${name}.sql`);
    writeFileSync(
      file,
      generatedHeader(name) + '-- Review it, say why below this line, keep data changes hand-written at the end.\n\n' + deployGuards + `${statements}\n`,
    );
    console.log(`wrote ${file}`);
  }
  const left = await withCluster('migrations', (migrated) => driftAgainst(migrated.url));
  if (left) {
    console.log(`\nstill different after the migration ("-" = migrations, "+" = schema files); add these by hand:\n${left}`);
    process.exitCode = 1;
  } else {
    console.log('\nthe migrations now build exactly what the schema files define');
  }
}

/**
 * The first line of every migration db:diff writes. Such a migration repeats definitions of
 * supabase/schemas/ by design (the schema file is the one home, the migration is how it
 * deploys), so tools that look for repeated code leave files with this line out
 * (docs/database.md, "Generated files").
 */
function generatedHeader(name: string): string {
  return `-- GENERATED by \`npm run db:diff -- ${name}\` from supabase/schemas/ (migra: supabase/migrations → supabase/schemas).\n`;
}

// Every migration starts with these (Squawk's require-lock-timeout and require-statement-timeout,
// .squawk.toml): a deploy gives up instead of queueing behind a long lock on a live table.
export const deployGuards = "set lock_timeout = '10s';\nset statement_timeout = '10min';\n\n";

/** The baseline: the schema files in order, each under a banner naming it. */
export function renderBaseline(): string {
  const parts = schemaFiles().map((file) => `-- ═══ supabase/schemas/${basename(file)} ═══\n\n${readFileSync(file, 'utf8').trim()}\n`);
  return (
    '-- GENERATED by `npx tsx scripts/db-schemas.ts baseline` from supabase/schemas/ (config.toml\n' +
    '-- schema_paths order): the whole schema as of the squash (docs/decisions/0025-declarative-schemas.md).\n' +
    '-- Do not edit: change the schema files and run `npm run db:diff -- <name>`. Regenerate only\n' +
    '-- while no database has this migration applied.\n\n' +
    deployGuards +
    parts.join('\n')
  );
}

async function main(): Promise<void> {
  const [command, name] = process.argv.slice(2);
  if (command === 'diff') return diffCommand(name);
  if (command === 'drift') return withCluster('migrations', (cluster: Cluster) => checkDrift(cluster.url));
  if (command === 'baseline') {
    writeFileSync(baselineFile, renderBaseline());
    console.log(`wrote ${baselineFile}`);
    return;
  }
  throw new Error('usage: tsx scripts/db-schemas.ts diff <name> | drift | baseline');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(`db-schemas: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
