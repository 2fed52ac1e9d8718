// `npm run moderator -- grant|revoke <e-mail>`: gives or takes the moderator role
// (`app_metadata.role = 'moderator'` in the account's JWT) through public.set_moderator, the
// one supported way. Talks to the local stack's PostgreSQL (DATABASE_URL to aim elsewhere);
// the person gets the role at their next sign-in or token refresh.
import pg from 'pg';

const usage = 'usage: npm run moderator -- grant|revoke <e-mail>';

async function main(): Promise<void> {
  const [action, email] = process.argv.slice(2);
  if ((action !== 'grant' && action !== 'revoke') || !email) {
    console.error(usage);
    process.exit(2);
  }
  const client = new pg.Client({
    connectionString: process.env.DATABASE_URL ?? 'postgresql://postgres:postgres@127.0.0.1:54322/postgres',
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ found: boolean }>('select public.set_moderator($1, $2) as found', [
      email,
      action === 'grant',
    ]);
    if (!rows[0]?.found) {
      console.error(`no account with the e-mail ${email}`);
      process.exit(1);
    }
    console.log(`${email}: moderator role ${action === 'grant' ? 'granted' : 'revoked'} (effective at the next sign-in or token refresh)`);
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(`moderator: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
