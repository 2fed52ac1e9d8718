// `npm run moderator -- grant|revoke <e-mail>`: gives or takes the moderator role
// (`app_metadata.role = 'moderator'` in the account's JWT) through Auth's admin API with the
// service role, the way a hosted project is administered too (GoTrue merges app_metadata key
// by key; `role: null` removes the key). Aims at the local stack; set SUPABASE_URL and
// SUPABASE_SERVICE_ROLE_KEY to aim elsewhere. The person gets the role at their next sign-in
// or token refresh. (`public.set_moderator` does the same from SQL.)
import { createClient } from '@supabase/supabase-js';
import { API_URL, SERVICE_ROLE_KEY } from '../local-stack/keys.ts';

const usage = 'usage: npm run moderator -- grant|revoke <e-mail>';
const PAGE = 1000;

async function main(): Promise<void> {
  const [action, email] = process.argv.slice(2);
  if ((action !== 'grant' && action !== 'revoke') || !email) {
    console.error(usage);
    process.exit(2);
  }
  const admin = createClient(process.env.SUPABASE_URL ?? API_URL, process.env.SUPABASE_SERVICE_ROLE_KEY ?? SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  }).auth.admin;
  const wanted = email.trim().toLowerCase();
  let id: string | undefined;
  for (let page = 1; !id; page += 1) {
    const { data, error } = await admin.listUsers({ page, perPage: PAGE });
    if (error) throw error;
    id = data.users.find((user) => user.email?.toLowerCase() === wanted)?.id;
    if (data.users.length < PAGE) break;
  }
  if (!id) {
    console.error(`no account with the e-mail ${email}`);
    process.exit(1);
  }
  const { error } = await admin.updateUserById(id, { app_metadata: { role: action === 'grant' ? 'moderator' : null } });
  if (error) throw error;
  console.log(`${email}: moderator role ${action === 'grant' ? 'granted' : 'revoked'} (effective at the next sign-in or token refresh)`);
}

main().catch((error: unknown) => {
  console.error(`moderator: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
