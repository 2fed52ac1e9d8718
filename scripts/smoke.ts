// `npm run smoke -- --url https://<ref>.supabase.co --anon-key <key> --service-role-key <key>`:
// the operator's check after every deploy (docs/deploy.md "The smoke test"), through the
// project's public API only (scripts/smoke/journey.ts). Keys of either kind work: the legacy
// anon/service_role JWTs or sb_publishable_/sb_secret_ keys. `npm test` runs it against the
// local stack with both kinds (scripts/smoke/local-stack.ts).
import { parseSmokeArgs } from './smoke/args.ts';
import { runSmoke } from './smoke/run.ts';

const options = parseSmokeArgs(process.argv.slice(2));
if ('error' in options) {
  console.error(`smoke: ${options.error}`);
  process.exit(2);
}
process.exit((await runSmoke(options)) ? 0 : 1);
