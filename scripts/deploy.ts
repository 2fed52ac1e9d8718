// `npm run deploy -- --project-ref <ref> [--dry-run] [--yes] [--db-url <url>]`: this repository
// onto a hosted Supabase project, every step with the pinned Supabase CLI (docs/deploy.md).
// First the offline checks (scripts/deploy/preflight.ts), then the steps of
// scripts/deploy/plan.ts: API keys, Vault secrets, migrations, function secrets, edge functions,
// configuration, the Auth settings of supabase/auth-hosted.json, and a check of the database. `--dry-run` prints every command and
// value instead, offline. `npm test` runs the dry run (scripts/deploy/dry-run.test.ts), the
// database steps against a fresh local database (rehearsal.test.ts) and the functions step
// against a local Management API (management-api.test.ts).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDeployArgs } from './deploy/args.ts';
import { supabaseCli } from './deploy/cli.ts';
import { functionSecrets } from './deploy/function-secrets.ts';
import { discoverFunctions, functionSecretNames } from './deploy/functions.ts';
import { accessToken, missingTokenLine } from './deploy/management-api.ts';
import { deployPlan, nextSteps, printPlan, type RunState } from './deploy/plan.ts';
import { preflightProblems } from './deploy/preflight.ts';
import { projectEnv } from './deploy/project-env.ts';
import { readProductionConfig } from './deploy/remote-config.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

async function main(): Promise<number> {
  const options = parseDeployArgs(process.argv.slice(2));
  if ('error' in options) {
    console.error(`deploy: ${options.error}`);
    return 2;
  }
  const env = projectEnv(root);
  const config = readProductionConfig(root, env);
  const functions = discoverFunctions(join(root, 'supabase', 'functions'), join(root, 'supabase', 'config.toml'));
  const secrets = functionSecrets(functionSecretNames(join(root, 'supabase', 'functions'), functions), config, env);
  const problems = preflightProblems({ root, projectRef: options.projectRef, config, functionSecrets: secrets });
  // The dry run sends nothing, so it needs no token; a deploy needs it before its first step.
  if (!options.dryRun && !accessToken(process.env)) problems.push(missingTokenLine);
  if (problems.length) {
    for (const problem of problems) console.error(`deploy: ${problem}`);
    return 1;
  }
  const steps = deployPlan({
    root,
    projectRef: options.projectRef,
    dbTarget: options.dbUrl ?? options.projectRef,
    yes: options.yes,
    config,
    functions,
    functionSecrets: secrets,
  });
  if (options.dryRun) {
    console.log(printPlan(steps, options.projectRef));
    return 0;
  }
  // The CLI resolves env() itself: it gets the values found here, so both read the same.
  const cli = supabaseCli({ root, env: Object.fromEntries(config.variables.map((name) => [name, env.get(name)!])) });
  const state: RunState = {};
  for (const [index, step] of steps.entries()) {
    console.log(`\n▶ ${index + 1}/${steps.length} ${step.title}`);
    try {
      await step.run(cli, state);
    } catch (error) {
      console.error(`deploy: step ${index + 1} failed: ${(error as Error).message}`);
      const done = index === 0 ? 'nothing was changed' : `steps 1–${index} are done`;
      console.error(`deploy: ${done}; docs/deploy.md "Rollback" says what a failed step leaves and how to go on`);
      return 1;
    }
  }
  console.log(`\ndeploy: project ${options.projectRef} is deployed and checked.`);
  console.log(nextSteps(options.projectRef, state.keys!.publishable).join('\n'));
  return 0;
}

process.exitCode = await main();
