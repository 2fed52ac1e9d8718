// E-mail like `supabase start`: Auth mails through the stack's mail catcher (SMTP, Mailpit's
// HTTP API on :54324) with the project's Spanish templates (supabase/config.toml
// [auth.email.template.*], rendered as GoTrue renders them: mail-templates.test.ts), as one
// text/html part whose text the catcher derives; e-mail OTP and magic links sign in; recovery,
// e-mail change and reauthentication mails arrive; /verify checks its input first, in
// GoTrue's order, with GoTrue's errors (supabase/auth internal/api/verify.go).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import nodemailer from 'nodemailer';
import WebSocket from 'ws';
import { ANON_KEY, API_URL } from '../keys.ts';
import { createClient } from '@supabase/supabase-js';
import { loadMailTemplates } from '../auth/mail-templates.ts';
import { createMailer } from '../auth/mailer.ts';
import { devBanner } from '../../scripts/dev-banner.ts';
import { client, PASSWORD, serviceClient, signedInUser, sleep, sql, uniqueEmail } from './helpers.ts';

/** GoTrue's [auth.email] max_frequency (60 s) has passed for this address's mails of one kind. */
async function pastMaxFrequency(email: string, column: 'recovery_sent_at' | 'confirmation_sent_at'): Promise<void> {
  await sql(`update auth.users set ${column} = ${column} - interval '61 seconds' where lower(email) = lower($1)`, [email]);
}

const MAILPIT = 'http://127.0.0.1:54324';

interface Summary {
  ID: string;
  Subject: string;
  To: Array<{ Address: string }>;
  From: { Address: string };
}

/** The newest mail to `address`, waiting for it a little. */
async function mailTo(address: string, subject?: RegExp): Promise<{ ID: string; Subject: string; HTML: string; Text: string }> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const list = (await (await fetch(`${MAILPIT}/api/v1/messages`)).json()) as { messages: Summary[] };
    const found = list.messages.find((message) => message.To.some((to) => to.Address === address) && (!subject || subject.test(message.Subject)));
    if (found) return (await (await fetch(`${MAILPIT}/api/v1/message/${found.ID}`)).json()) as { ID: string; Subject: string; HTML: string; Text: string };
    await sleep(100);
  }
  throw new Error(`no mail to ${address}`);
}

const link = (html: string): string => /href="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? '';

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${API_URL}/auth/v1${path}`, {
    method,
    headers: { apikey: ANON_KEY, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('mail catcher and Auth e-mail', () => {
  test("Mailpit's API: list, one message, latest, delete all; any SMTP client can send to it", async () => {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: 54325, secure: false, ignoreTLS: true });
    const to = uniqueEmail('smtp');
    await transport.sendMail({ from: 'Ana <ana@example.com>', to, subject: 'Hola ñ', text: 'cuerpo', html: '<p>cuerpo</p>' });
    const mail = (await mailTo(to)) as unknown as Record<string, unknown>;
    assert.equal(mail.Subject, 'Hola ñ');
    assert.deepEqual(mail.From, { Name: 'Ana', Address: 'ana@example.com' });
    assert.equal(mail.HTML, '<p>cuerpo</p>');
    assert.equal(typeof mail.Size, 'number');
    const latest = (await (await fetch(`${MAILPIT}/api/v1/message/latest`)).json()) as { ID: string };
    assert.equal(latest.ID, mail.ID);
    const list = (await (await fetch(`${MAILPIT}/api/v1/messages?limit=1`)).json()) as Record<string, unknown>;
    assert.equal(list.count, 1);
    assert.ok((list.total as number) >= 1);
    const missing = await fetch(`${MAILPIT}/api/v1/message/nope`);
    assert.equal(missing.status, 404);
    const page = await (await fetch(`${MAILPIT}/?id=${String(mail.ID)}`)).text();
    assert.match(page, /Hola ñ/);
    const deleted = await fetch(`${MAILPIT}/api/v1/messages`, { method: 'DELETE' });
    assert.equal(deleted.status, 200);
    assert.equal(await deleted.text(), 'ok');
    assert.equal(((await (await fetch(`${MAILPIT}/api/v1/messages`)).json()) as { total: number }).total, 0);
  });

  test("the mail page: a phone viewport, and a mail's links open in a new tab that runs scripts (as Mailpit's)", async () => {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: 54325, secure: false, ignoreTLS: true });
    const to = uniqueEmail('page');
    const html = '<!doctype html><html><head><title>x</title></head><body><a href="http://127.0.0.1:4173/chismes/">Confirmar</a></body></html>';
    await transport.sendMail({ from: 'auth@example.com', to, subject: 'Enlace', text: 'Confirmar', html });
    const mail = (await mailTo(to)) as unknown as { ID: string };
    const page = await (await fetch(`${MAILPIT}/?id=${mail.ID}`)).text();
    assert.match(page, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
    const frame = /<iframe[^>]*sandbox="([^"]*)"[^>]*srcdoc="([^"]*)"/.exec(page);
    assert.ok(frame, 'the mail is shown in a sandboxed frame');
    // A link opened inside the frame would run there with scripts blocked (a blank box) and
    // spend a one-time token: it opens in a new tab, outside the sandbox.
    assert.deepEqual(frame[1]!.split(' ').sort(), ['allow-popups', 'allow-popups-to-escape-sandbox', 'allow-top-navigation-by-user-activation']);
    assert.match(frame[2]!, /^&lt;!doctype html&gt;&lt;html&gt;&lt;head&gt;&lt;base target=&quot;_blank&quot;&gt;&lt;title&gt;/);
  });

  test("npm run dev prints the mail catcher's address once", () => {
    const banner = devBanner('http://127.0.0.1:5173');
    assert.equal(banner.split('http://127.0.0.1:54324').length - 1, 1);
    assert.match(banner, /Web app: http:\/\/127\.0\.0\.1:5173/);
  });

  test('e-mail OTP: the magic-link mail carries a code and a link; both sign in once', async () => {
    const email = uniqueEmail('otp');
    // With enable_confirmations on, an unknown address would get the confirmation mail (below).
    await serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const supabase = client();
    assert.equal((await supabase.auth.signInWithOtp({ email })).error, null);
    const first = await mailTo(email, /^Tu enlace para entrar en Chismes$/);
    // From [local_smtp] sender_name and admin_email, as `supabase start` gives them to GoTrue.
    assert.deepEqual((first as unknown as { From: unknown }).From, { Name: 'Chismes', Address: 'admin@email.com' });
    assert.match(first.HTML, /<h1[^>]*>Entra en Chismes<\/h1>/);
    // One text/html part, as GoTrue sends; the catcher's text of it still carries the link.
    assert.ok(first.Text.includes(link(first.HTML)), first.Text);
    assert.match(first.Text, /Abre este enlace para entrar en tu cuenta de Chismes/);
    // The account was mailed a link; sign in with the link's token.
    assert.match(link(first.HTML), new RegExp(`^${API_URL}/auth/v1/verify\\?token=[0-9a-f]{56}&type=magiclink&redirect_to=`));
    const viaLink = await fetch(link(first.HTML), { redirect: 'manual' });
    assert.equal(viaLink.status, 303);
    assert.match(viaLink.headers.get('location') ?? '', /^http:\/\/127\.0\.0\.1:5173#access_token=.+&type=magiclink$/);
    // A second request (past [auth.email] max_frequency: the clock moved on in the database)
    // mails a new link; one right after it is refused; verifyOtp signs in with the link's
    // token, and not twice.
    await pastMaxFrequency(email, 'recovery_sent_at');
    await fetch(`${MAILPIT}/api/v1/messages`, { method: 'DELETE' });
    assert.equal((await supabase.auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error, null);
    const soon = await supabase.auth.signInWithOtp({ email });
    assert.equal(soon.error?.code, 'over_email_send_rate_limit');
    assert.match(soon.error?.message ?? '', /^For security purposes, you can only request this after \d+ seconds\.$/);
    const second = await mailTo(email);
    const token = /token=([0-9a-f]+)/.exec(link(second.HTML))?.[1] ?? '';
    assert.ok(token);
    const { data, error } = await supabase.auth.verifyOtp({ type: 'magiclink', token_hash: token });
    assert.equal(error, null);
    assert.equal(data.user?.email, email);
    const again = await supabase.auth.verifyOtp({ type: 'magiclink', token_hash: token });
    assert.equal(again.error?.code, 'otp_expired');
    const none = await client().auth.signInWithOtp({ email: uniqueEmail('nadie'), options: { shouldCreateUser: false } });
    assert.equal(none.error?.code, 'otp_disabled');
  });

  test("sign-up confirmation: the mail's link signs in (implicit flow: the session in the fragment); resend mails again", async () => {
    const email = uniqueEmail('confirm');
    const supabase = client();
    const redirect = 'http://127.0.0.1:4173/chismes/';
    const up = await supabase.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: redirect } });
    assert.equal(up.error, null);
    assert.equal(up.data.session, null);
    const first = await mailTo(email, /^Confirma tu correo en Chismes$/);
    const soon = await supabase.auth.resend({ type: 'signup', email });
    assert.equal(soon.error?.code, 'over_email_send_rate_limit', 'max_frequency holds between two mails');
    await pastMaxFrequency(email, 'confirmation_sent_at');
    await fetch(`${MAILPIT}/api/v1/messages`, { method: 'DELETE' });
    assert.equal((await supabase.auth.resend({ type: 'signup', email, options: { emailRedirectTo: redirect } })).error, null);
    const second = await mailTo(email, /^Confirma tu correo en Chismes$/);
    assert.notEqual(link(second.HTML), link(first.HTML), 'a new token');
    assert.equal(
      (await fetch(link(first.HTML), { redirect: 'manual' })).headers.get('location')?.includes('error_code=otp_expired'),
      true,
      'the first link no longer works',
    );
    const viaLink = await fetch(link(second.HTML), { redirect: 'manual' });
    assert.equal(viaLink.status, 303);
    const location = new URL(viaLink.headers.get('location') ?? '');
    assert.equal(location.origin + location.pathname, redirect);
    const fragment = new URLSearchParams(location.hash.slice(1));
    assert.equal(fragment.get('type'), 'signup');
    const user = await client().auth.getUser(fragment.get('access_token')!);
    assert.ok(user.data.user?.email_confirmed_at);
    assert.equal((await client().auth.signInWithPassword({ email, password: PASSWORD })).error, null);
    // Unknown addresses get the same empty answer (no enumeration).
    assert.equal((await client().auth.resend({ type: 'signup', email: uniqueEmail('nadie') })).error, null);
  });

  test('PKCE: the magic link redirects with ?code=, which exchangeCodeForSession turns into a session', async () => {
    const email = uniqueEmail('pkce');
    await serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const pkce = createClient(API_URL, ANON_KEY, {
      auth: { flowType: 'pkce', persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    assert.equal((await pkce.auth.signInWithOtp({ email })).error, null);
    const mail = await mailTo(email);
    assert.match(link(mail.HTML), /\?token=pkce_[0-9a-f]{56}&type=magiclink&/);
    const redirect = await fetch(link(mail.HTML), { redirect: 'manual' });
    const location = new URL(redirect.headers.get('location') ?? '');
    const code = location.searchParams.get('code');
    assert.ok(code, location.toString());
    const { data, error } = await pkce.auth.exchangeCodeForSession(code);
    assert.equal(error, null);
    assert.equal(data.user?.email, email);
    assert.deepEqual(data.session?.user.email, email);
  });

  test('recovery, e-mail change (both addresses) and reauthentication mails arrive with their Spanish content', async () => {
    const person = await signedInUser('mail');
    await client().auth.resetPasswordForEmail(person.email);
    const recovery = await mailTo(person.email, /^Elige una contraseña nueva para Chismes$/);
    assert.match(link(recovery.HTML), /type=recovery/);
    assert.ok(recovery.Text.includes(link(recovery.HTML)));
    const newEmail = uniqueEmail('mail-new');
    assert.equal((await person.client.auth.updateUser({ email: newEmail })).error, null);
    const toNew = await mailTo(newEmail, /^Confirma tu nuevo correo en Chismes$/);
    const inHtml = (address: string) => address.replace(/[.]/g, '\\.').replace(/\+/g, '&#43;');
    assert.match(toNew.HTML, new RegExp(`de ${inHtml(person.email)} a ${inHtml(newEmail)}\\.`));
    const toCurrent = await mailTo(person.email, /^Confirma tu nuevo correo en Chismes$/);
    assert.notEqual(link(toCurrent.HTML), link(toNew.HTML), 'each address has its own link');
    assert.equal((await person.client.auth.reauthenticate()).error, null);
    const reauth = await mailTo(person.email, /^Tu código de Chismes: /);
    const code = /^Tu código de Chismes: (\d{6})$/.exec(reauth.Subject)?.[1];
    assert.ok(code, reauth.Subject);
    assert.match(reauth.HTML, new RegExp(`>${code}</p>`));
  });

  test('[auth.email.notification.password_changed]: a password change is mailed; a refused one is not', async () => {
    const person = await signedInUser('aviso');
    assert.equal((await person.client.auth.updateUser({ password: PASSWORD, current_password: PASSWORD })).error?.code, 'same_password');
    assert.equal((await person.client.auth.updateUser({ password: 'OtraClave123', current_password: PASSWORD })).error, null);
    const notice = await mailTo(person.email, /^Tu contraseña de Chismes ha cambiado$/);
    assert.ok(notice.HTML.includes(`Chismes (${person.email})`), notice.HTML);
    const list = (await (await fetch(`${MAILPIT}/api/v1/messages`)).json()) as { messages: Summary[] };
    assert.equal(list.messages.filter((message) => message.To.some((to) => to.Address === person.email)).length, 1, 'one mail, for the change made');
  });

  test('a password change refused later in its request (email_exists) is neither stored nor mailed', async () => {
    const [person, other] = await Promise.all([signedInUser('aviso-refused'), signedInUser('aviso-taken')]);
    const { error } = await person.client.auth.updateUser({ password: 'OtraClave123', current_password: PASSWORD, email: other.email });
    assert.equal(error?.code, 'email_exists');
    assert.equal((await client().auth.signInWithPassword({ email: person.email, password: PASSWORD })).error, null, 'the old password still works');
    const list = (await (await fetch(`${MAILPIT}/api/v1/messages`)).json()) as { messages: Summary[] };
    const notices = list.messages.filter(
      (message) => message.To.some((to) => to.Address === person.email) && message.Subject === 'Tu contraseña de Chismes ha cambiado',
    );
    assert.equal(notices.length, 0);
  });

  test('e-mail change with double_confirm_changes: both links are needed, then the address changes', async () => {
    const person = await signedInUser('change');
    const newEmail = uniqueEmail('change-new');
    assert.equal((await person.client.auth.updateUser({ email: newEmail })).error, null);
    const toNew = await mailTo(newEmail, /^Confirma tu nuevo correo en Chismes$/);
    const toCurrent = await mailTo(person.email, /^Confirma tu nuevo correo en Chismes$/);
    const first = await fetch(link(toCurrent.HTML), { redirect: 'manual' });
    assert.equal(first.status, 303);
    assert.match(
      first.headers.get('location') ?? '',
      /#message=Confirmation\+link\+accepted\.\+Please\+proceed\+to\+confirm\+link\+sent\+to\+the\+other\+email$/,
    );
    const second = await fetch(link(toNew.HTML), { redirect: 'manual' });
    assert.match(second.headers.get('location') ?? '', /#access_token=.+&type=email_change$/);
    const { data } = await serviceClient().auth.admin.getUserById(person.id);
    assert.equal(data.user?.email, newEmail);
    assert.equal(data.user?.new_email, undefined);
    assert.equal(data.user?.identities?.[0]?.identity_data?.email, newEmail);
  });

  test('an OTP code verifies with the e-mail (type email); an admin invite mails its link', async () => {
    const email = uniqueEmail('code');
    const { data: made } = await serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    assert.ok(made.user);
    await client().auth.signInWithOtp({ email });
    const mail = await mailTo(email);
    const { data: generated } = await serviceClient().auth.admin.generateLink({ type: 'magiclink', email });
    const verified = await client().auth.verifyOtp({ email, token: generated.properties!.email_otp, type: 'email' });
    assert.equal(verified.error, null, JSON.stringify(mail.Subject));
    const invited = uniqueEmail('invite');
    await serviceClient().auth.admin.inviteUserByEmail(invited);
    const invite = await mailTo(invited, /^Te han invitado a Chismes$/);
    assert.match(link(invite.HTML), /type=invite/);
  });

  test('[auth.rate_limit] email_sent: counted only while sign-ups need confirming, as GoTrue', async () => {
    const to = uniqueEmail('limit');
    const common = { templates: loadMailTemplates(), siteUrl: 'http://127.0.0.1:5173', from: { name: 'Chismes', address: 'admin@email.com' } };
    const confirming = createMailer({ ...common, emailSentPerHour: 2, autoconfirm: false });
    await confirming('magic_link', to, { ConfirmationURL: 'http://127.0.0.1/x', Token: '123456' });
    await confirming('magic_link', to, { ConfirmationURL: 'http://127.0.0.1/x', Token: '123456' });
    await assert.rejects(confirming('magic_link', to, {}), { status: 429, code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' });
    const autoconfirm = createMailer({ ...common, emailSentPerHour: 2, autoconfirm: true });
    for (let index = 0; index < 3; index += 1) await autoconfirm('recovery', to, { ConfirmationURL: 'http://127.0.0.1/x' });
    await assert.rejects(createMailer({ ...common, emailSentPerHour: 0, autoconfirm: true })('recovery', to, {}), { status: 429 });
    const caught = (await (await fetch(`${MAILPIT}/api/v1/messages`)).json()) as { messages: Summary[] };
    assert.equal(caught.messages.filter((message) => message.To.some((entry) => entry.Address === to)).length, 5);
  });

  test("/verify validates first, in GoTrue's order, with its errors", async () => {
    const cases: Array<[unknown, number, string]> = [
      [{ email: 'a@b.co', token: '1' }, 400, 'Verify requires a verification type'],
      [{ type: 'sms' }, 400, 'Verify requires either a token or a token hash'],
      [{ type: 'sms', token: '1', token_hash: 'x' }, 400, 'Verify requires either a token or a token hash'],
      [{ type: 'sms', phone: '123-invalid', token: '123456' }, 400, 'Invalid phone number format (E.164 required)'],
      [{ type: 'email', email: 'xx:;x@x.x', token: '123456' }, 422, 'Invalid email format'],
      [{ type: 'email', email: 'a@b.co', phone: '34600000000', token: '123456' }, 400, 'Only an email address or phone number should be provided on verify'],
      [{ type: 'email', token: '123456' }, 400, 'Only an email address or phone number should be provided on verify'],
      [{ type: 'email', token_hash: 'x', email: 'a@b.co' }, 400, 'Only the token_hash and type should be provided'],
      [{ type: 'sms', phone: '34600000000', token: '123456' }, 403, 'Token has expired or is invalid'],
      [{ type: 'email', email: uniqueEmail('v'), token: '123456' }, 403, 'Token has expired or is invalid'],
    ];
    for (const [body, status, message] of cases) {
      const answer = await call('POST', '/verify', body);
      assert.equal(answer.status, status, JSON.stringify(body));
      assert.equal(answer.json.msg, message, JSON.stringify(body));
    }
    const get = await fetch(`${API_URL}/auth/v1/verify?type=signup&token=nope&redirect_to=http://127.0.0.1:5173`, {
      redirect: 'manual',
      headers: { apikey: ANON_KEY },
    });
    assert.equal(get.status, 303);
    assert.equal(
      get.headers.get('location'),
      'http://127.0.0.1:5173#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
  });
});
