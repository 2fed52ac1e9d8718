// `npm run test:db`: the freshness of docs/rules.md (scripts/rules.ts) and a mutation list for every
// schema file (scripts/mutation-sql.ts --check); a throwaway PostgreSQL cluster (own data folder, own free port), the
// Supabase platform bootstrap, the project's migrations and seed pushed with the real Supabase
// CLI (scripts/db-cluster.ts); first the drift check (scripts/db-schemas.ts: a second cluster
// built from supabase/schemas/ must have the same catalogue) and the migration linter (Squawk,
// .squawk.toml); then the Supabase advisors (security at every level, performance at warn: "unused
// index" is inherent on a fresh database), `supabase db lint` (plpgsql_check) and a freshness
// check of the committed web/src/lib/database.ts and of the generated confusable-letters
// schema file (scripts/confusables.ts), and the web forms' copy of the database's limits tried
// at their edges (scripts/web-limits.ts); then every pgTAP file with pg_prove (given the shared
// rule corpus and the Spanish word list as psql variables `corpus` and `dictionary`); then
// the advisors once more at every level, when the suite has exercised every index. The
// cluster is removed afterwards, whether the checks pass or fail.
import { existsSync, readFileSync } from 'node:fs';
import { run, withMigratedCluster } from './db-cluster.ts';
import { checkDrift } from './db-schemas.ts';
import { generateTypes, typesFile } from './db-types.ts';
import { checkWebLimits } from './web-limits.ts';
import { pgProveArgs, pgProveEnv, pgTapFiles } from './pg-prove.ts';

function checkTypesAreFresh(url: string): void {
  console.log('\n▶ generated types are up to date (web/src/lib/database.ts)');
  const fresh = generateTypes(url);
  const committed = existsSync(typesFile) ? readFileSync(typesFile, 'utf8') : '';
  if (committed !== fresh) {
    throw new Error('web/src/lib/database.ts is stale: run `npm run db:types` and commit it');
  }
  console.log('up to date');
}

async function main(): Promise<void> {
  run('docs/rules.md is up to date (scripts/rules.ts)', 'npx', ['tsx', 'scripts/rules.ts', '--check']);
  run('every schema file has SQL mutations (scripts/mutation-sql.ts --check)', 'npx', ['tsx', 'scripts/mutation-sql.ts', '--check']);
  await withMigratedCluster({ seed: true }, async (cluster) => {
    await checkDrift(cluster.url);
    run('migration linter (Squawk, .squawk.toml)', 'npx', ['squawk', 'supabase/migrations/*.sql']);
    // Checks first: pgTAP installs itself into `extensions`, and its own code does not pass lint.
    run('supabase db advisors (security, every level)', 'npx', [
      'supabase',
      'db',
      'advisors',
      `--remote=${cluster.url}`,
      '--type',
      'security',
      '--level',
      'info',
      '--fail-on',
      'info',
    ]);
    run('supabase db advisors (performance, warn and above)', 'npx', [
      'supabase',
      'db',
      'advisors',
      `--remote=${cluster.url}`,
      '--type',
      'performance',
      '--level',
      'warn',
      '--fail-on',
      'warn',
    ]);
    run('supabase db lint (plpgsql_check)', 'npx', ['supabase', 'db', 'lint', `--remote=${cluster.url}`, '--fail-on', 'warning']);
    checkTypesAreFresh(cluster.url);
    await checkWebLimits(cluster.url);
    run('generated confusable letters are up to date (scripts/confusables.ts)', 'npx', ['tsx', 'scripts/confusables.ts', '--check']);
    run('pgTAP (pg_prove)', 'pg_prove', pgProveArgs(cluster.port, pgTapFiles(), ['--failures']), pgProveEnv);
    // After the suite every index has been used, so even "unused index" must be silent now.
    run('supabase db advisors (all, every level, after the suite)', 'npx', [
      'supabase',
      'db',
      'advisors',
      `--remote=${cluster.url}`,
      '--type',
      'all',
      '--level',
      'info',
      '--fail-on',
      'info',
    ]);
  });
}

main().catch((error: unknown) => {
  console.error(`test:db: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
