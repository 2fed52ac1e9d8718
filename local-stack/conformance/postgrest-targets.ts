// The two PostgREST servers postgrest-js's live files run against, each on a throwaway cluster
// of its own (so the suite's `alter role authenticator set pgrst.*` and its PostGIS never touch
// the project's database or the project's PostgREST):
// - "stack": a cluster made as the stack makes its own (postgres/cluster.ts initCluster and the
//   platform bootstrap: Supabase's roles, `postgres` a non-superuser, preloaded libraries), the
//   suite's migration and seed applied as `postgres` as `supabase start` applies them, and the
//   stack's PostgREST configuration (postgres/postgrest.ts) with the suite's [api] schemas, as the
//   CLI passes them; the files call PostgREST directly (the gateway's /rest/v1 is a proxy that
//   supabase-js's integration file and tests/ cover; routing it to a second PostgREST would mean
//   a second gateway);
// - "bare": the same server settings without the platform bootstrap: only the four roles
//   PostgREST's docs ask for, the suite applied by the superuser, and the same PostgREST 12.0.2
//   binary with the same settings.
// A test failing on both is PostgREST 12.0.2's (vs the v16.5 `supabase start` runs); one failing
// only on "stack" is the stack's.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyBootstrap, freePort, initCluster, runSqlFile, startCluster, stopCluster, type Cluster } from '../postgres/cluster.ts';
import { readToml } from '../shared/config.ts';
import { spawnPostgrest } from '../postgres/postgrest.ts';
import { stopService } from '../shared/processes.ts';
import { logDir } from '../shared/paths.ts';

export type PostgrestTarget = 'stack' | 'bare';

// The suite's schema has a PostGIS column (Debian: postgresql-15-postgis-3, not in scripts/setup.mjs:
// only this dev tool needs it).
const postgisControl = '/usr/share/postgresql/15/extension/postgis.control';

// The roles of PostgREST's own tutorial setup (docs.postgrest.org, "Authentication"), named as
// Supabase names them, the `extensions` schema the suite's migration expects, and the one
// platform default its tests rely on: every role may use what is made in `public`, as
// supabase/postgres's initial schema grants (`alter default privileges in schema public …`).
const bareRoles = `
create role anon nologin;
create role authenticated nologin;
create role service_role nologin bypassrls;
create role authenticator login noinherit password 'postgres';
grant anon, authenticated, service_role to authenticator;
create schema extensions;
grant usage on schema extensions to anon, authenticated, service_role;
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
`;

/** Starts the target's cluster and PostgREST; returns its REST URL and the teardown. */
export async function startPostgrestTarget(
  target: PostgrestTarget,
  packageDir: string,
  schemas: string[],
  workDir: string,
): Promise<{ url: string; stop(): Promise<void> }> {
  if (!existsSync(postgisControl)) {
    throw new Error('postgrest-js needs PostGIS for its schema: apt-get install postgresql-15-postgis-3 (or run with --only <another package>)');
  }
  const dataDir = join(workDir, `postgrest-${target}`, 'db');
  rmSync(join(workDir, `postgrest-${target}`), { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });
  const cluster: Cluster = initCluster(dataDir, await freePort());
  startCluster(cluster, join(logDir, `conformance-postgrest-${target}-db.log`));
  let postgrest: ReturnType<typeof spawnPostgrest> | undefined;
  try {
    const setup = join(workDir, `postgrest-${target}`, 'setup.sql');
    if (target === 'stack') {
      applyBootstrap(cluster);
      // PostGIS is one of supautils' privileged extensions in Supabase's image: `postgres`'s
      // `create extension` of it runs as the superuser there, so the superuser creates it here
      // and the migration's `create extension if not exists` finds it (as
      // postgres/bootstrap/12-postgres-privileges.sql does for pg_cron).
      writeSql(setup, 'create extension if not exists postgis schema extensions;');
      runSqlFile(cluster.adminUrl, setup);
    } else {
      writeSql(setup, bareRoles);
      runSqlFile(cluster.adminUrl, setup);
    }
    const applyAs = target === 'stack' ? cluster.url : cluster.adminUrl;
    runSqlFile(applyAs, join(packageDir, 'test/supabase/migrations/00000000000000_schema.sql'));
    runSqlFile(applyAs, join(packageDir, 'test/supabase/seed.sql'));
    const port = await freePort();
    postgrest = spawnPostgrest(port, await freePort(), { dbPort: cluster.port, schemas });
    await postgrest.ready;
  } catch (error) {
    if (postgrest) await stopService(postgrest.service);
    stopCluster(cluster);
    throw error;
  }
  const service = postgrest.service;
  return {
    url: `http://127.0.0.1:${service.port}`,
    stop: async () => {
      await stopService(service);
      stopCluster(cluster);
    },
  };
}

function writeSql(path: string, sql: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, sql);
}

/** The suite's exposed schemas, from its own config.toml ([api] schemas), as the CLI passes them to PostgREST. */
export function suiteSchemas(packageDir: string): string[] {
  const schemas = readToml(join(packageDir, 'test/supabase/config.toml')).get('api')?.get('schemas');
  if (!Array.isArray(schemas)) throw new Error("postgrest-js's config.toml has no [api] schemas; supabase-js changed, update postgrest-targets.ts");
  return schemas.map(String);
}
