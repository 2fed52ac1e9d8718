// People for the journeys. Accounts a journey does not register through the UI are made
// confirmed with the Auth admin API (service key, `email_confirm: true`), as a real project's
// tests do now that sign-ups wait for their confirmation mail (supabase/config.toml
// `enable_confirmations`); the journeys then sign them in through the login form, as a person would.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { ANON_KEY, API_URL, SERVICE_ROLE_KEY } from './env.ts';
import { person, type PersonOptions } from './journey.ts';

export const PASSWORD = 'Secreta123';

export type Person = { email: string; password: string; username: string };

/** A unique, valid e-mail (the database is shared by every journey of one run). */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@e2e.test`;
}

export async function createAccount(prefix: string): Promise<Person> {
  const person = { email: uniqueEmail(prefix), password: PASSWORD, username: prefix };
  const response = await fetch(`${API_URL}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email: person.email, password: person.password, email_confirm: true, user_metadata: { username: prefix, display_name: prefix } }),
  });
  if (!response.ok) throw new Error(`creating ${person.email} failed: ${response.status} ${await response.text()}`);
  return person;
}

/** Opens the auth modal from the welcome screen (the modal starts on its login view). */
export async function openAuthModal(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await page.getByRole('dialog', { name: 'Iniciar Sesión' }).waitFor();
}

/** Signs in through the login form and waits for the Recent feed. */
export async function signIn(page: Page, person: Person): Promise<void> {
  await openAuthModal(page);
  const dialog = page.getByRole('dialog', { name: 'Iniciar Sesión' });
  await dialog.getByLabel('Correo electrónico').fill(person.email);
  await dialog.getByLabel('Contraseña', { exact: true }).fill(person.password);
  await dialog.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
  await page.waitForURL('**/chismes/');
  await page.getByRole('button', { name: 'Filtrar Chismes' }).waitFor();
}

/**
 * Where most journeys start: a person (`name`, as in `person()`) with a new confirmed account of
 * their own (`accountPrefix`), signed in through the login form, the Recent feed open.
 */
export async function signedInPerson(name: string, accountPrefix: string, options: PersonOptions = {}): Promise<{ page: Page; account: Person }> {
  const account = await createAccount(accountPrefix);
  const page = await person(name, options);
  await signIn(page, account);
  return { page, account };
}

/** Calls an RPC with the session a page is signed in with (what the app's client would send). */
export async function rpcAs(page: Page, name: string, args: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
  const token = await accessToken(page);
  const response = await fetch(`${API_URL}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/**
 * A top-level comment (or, with `parentId`, a reply) on a chisme, posted through the RPC the
 * app's comment form calls, as the person the page is signed in as.
 */
export function commentAs(page: Page, chismeId: string, text: string, parentId: string | null = null): Promise<{ status: number; body: unknown }> {
  return rpcAs(page, 'add_comment', { p_chisme_id: chismeId, p_parent_id: parentId, p_content: text, p_gender: 'Mujer', p_years: 30, p_country: 'España' });
}

/** The access token of the session a page is signed in with (as supabase-js stores it). */
export async function accessToken(page: Page): Promise<string> {
  const stored = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'));
    return key ? localStorage.getItem(key) : null;
  });
  if (!stored) throw new Error('the page has no stored session');
  return (JSON.parse(stored) as { access_token: string }).access_token;
}

/** After a password change, in a signed-out browser: the old password is refused, the new one signs in. */
export async function expectOnlyNewPassword(page: Page, person: Person, newPassword: string): Promise<void> {
  await openAuthModal(page);
  const login = page.getByRole('dialog', { name: 'Iniciar Sesión' });
  await login.getByLabel('Correo electrónico').fill(person.email);
  await login.getByLabel('Contraseña', { exact: true }).fill(person.password);
  await login.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
  await login.getByRole('alert').filter({ hasText: 'Credenciales inválidas. Verifique su email y contraseña' }).waitFor();
  await signIn(page, { ...person, password: newPassword });
}
