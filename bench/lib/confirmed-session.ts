// A new confirmed account and its session, for the bench and the web's measuring scripts.
// Sign-ups wait for their confirmation mail (supabase/config.toml `enable_confirmations`), so the
// account is made as a real project's scripts make one: the Auth admin API with the service key
// and `email_confirm: true`, then an ordinary password sign-in for the session.
import { ANON_KEY, API_URL, SERVICE_ROLE_KEY } from '../../local-stack/keys.ts';

async function authPost(path: string, key: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${API_URL}/auth/v1/${path}`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`auth ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Creates the confirmed account (metadata as sign-up's `data`). */
export async function createConfirmedAccount(email: string, password: string, metadata: Record<string, unknown> = {}): Promise<void> {
  await authPost('admin/users', SERVICE_ROLE_KEY, { email, password, email_confirm: true, user_metadata: metadata });
}

/** A session of the account (the JSON supabase-js stores: access_token, refresh_token, user…). */
export async function passwordSession(email: string, password: string): Promise<Record<string, unknown>> {
  const session = await authPost('token?grant_type=password', ANON_KEY, { email, password });
  if (typeof session.access_token !== 'string') throw new Error(`sign-in of ${email} returned no session`);
  return session;
}

/** Both: a new confirmed account, signed in. */
export async function confirmedSession(email: string, password: string, metadata: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  await createConfirmedAccount(email, password, metadata);
  return passwordSession(email, password);
}
