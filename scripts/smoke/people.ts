// The smoke test's two people: confirmed accounts made with the Auth admin API (the sign-up
// mail is SMTP's business, not the smoke test's), signed in with their password on clients of
// their own, and removed with the admin API if the test stops before deleting them itself.
import { randomBytes, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { SmokeOptions } from './args.ts';
import { publicClient, serviceClient } from './clients.ts';

export interface Person {
  id: string;
  email: string;
  password: string;
  client: SupabaseClient;
  accessToken: string;
}

/** A new confirmed person, signed in. The address names the run, so a leftover is recognisable. */
export async function makePerson(project: SmokeOptions, label: string, run: string): Promise<Person> {
  const email = `smoke-${run}-${label}@example.com`;
  // The spec's password rules: 8 characters or more, an uppercase letter, a digit.
  const password = `Smoke-${randomBytes(12).toString('base64url')}-9Aa`;
  const created = await serviceClient(project).auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error || !created.data.user) throw new Error(`making ${label} with the admin API: ${created.error?.message ?? 'no user'}`);
  const client = publicClient(project);
  const signedIn = await client.auth.signInWithPassword({ email, password });
  if (signedIn.error || !signedIn.data.session) throw new Error(`signing ${label} in: ${signedIn.error?.message ?? 'no session'}`);
  await client.realtime.setAuth(signedIn.data.session.access_token);
  // Cotilleo chismes reach only people who confirmed being 18 or older
  // (docs/decisions/0035-notice-and-action.md): the smoke test's people do, as the menu asks.
  const adult = await client.rpc('update_my_profile', { p_adult: 'true' });
  if (adult.error) throw new Error(`confirming ${label} as an adult: ${adult.error.message}`);
  return { id: created.data.user.id, email, password, client, accessToken: signedIn.data.session.access_token };
}

export const newRunId = () => randomUUID().slice(0, 8);

/** Removes whoever is still there (a test that stopped halfway); never fails the report. */
export async function removeLeftovers(project: SmokeOptions, ids: string[]): Promise<void> {
  const admin = serviceClient(project).auth.admin;
  await Promise.all(ids.map((id) => admin.deleteUser(id).catch(() => undefined)));
}
