// `npm run test:smoke`: the smoke test against the running local stack (started here if none
// runs), once with the legacy JWT keys and once with the sb_publishable_/sb_secret_ keys, the
// way `npm run smoke` runs against a deployed project.
import { ensureStack } from '../../local-stack/index.ts';
import { ANON_KEY, API_URL, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from '../../local-stack/keys.ts';
import { runSmoke } from './run.ts';

const stack = await ensureStack();
let passed = true;
try {
  for (const [kind, anonKey, serviceRoleKey] of [
    ['legacy JWT keys', ANON_KEY, SERVICE_ROLE_KEY],
    ['sb_publishable_ / sb_secret_ keys', PUBLISHABLE_KEY, SECRET_KEY],
  ] as const) {
    console.log(`\n▶ smoke test with the ${kind}`);
    passed = (await runSmoke({ url: API_URL, anonKey, serviceRoleKey })) && passed;
  }
} finally {
  if (stack.startedHere) await stack.stop();
}
process.exit(passed ? 0 : 1);
