import assert from 'node:assert/strict';
import { createSendEmailHandler, type MailClaim, type SendEmailDeps } from './handler.ts';
import type { OutgoingMail } from './mails.ts';

const SECRET = 'v1,whsec_Y2hpc21lcy1wcnVlYmEtZGVsLWdhbmNoby1kZS1jb3JyZW8=';
const now = new Date('2026-11-27T10:00:00Z');

async function signed(body: string, secret = SECRET, timestamp = Math.floor(now.getTime() / 1000)): Promise<Request> {
  const id = crypto.randomUUID();
  const key = Uint8Array.from(atob(secret.slice('v1,whsec_'.length)), (c) => c.charCodeAt(0));
  const hmac = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', hmac, new TextEncoder().encode(`${id}.${timestamp}.${body}`)));
  return new Request('http://localhost/send-email', {
    method: 'POST',
    headers: { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${btoa(String.fromCharCode(...mac))}` },
    body,
  });
}

function payload(type: string, extra: Record<string, unknown> = {}, user: Record<string, unknown> = {}) {
  return JSON.stringify({
    metadata: { uuid: 'u', time: now.toISOString(), name: 'send-email', ip_address: '203.0.113.9' },
    user: { id: 'user-1', email: 'ana@example.test', user_metadata: { username: 'ana' }, ...user },
    email_data: {
      token: '123456',
      token_hash: 'hash-1',
      redirect_to: 'http://127.0.0.1:5173/nueva-contrasena',
      email_action_type: type,
      site_url: 'http://127.0.0.1:54321/auth/v1',
      token_new: '',
      token_hash_new: '',
      old_email: '',
      old_phone: '',
      provider: '',
      factor_type: '',
      ...extra,
    },
  });
}

function fakeDeps(claim: MailClaim = { allowed: true }, overrides: Partial<SendEmailDeps> = {}) {
  const claims: Array<{ kind: string; recipients: string[]; client: string }> = [];
  const sent: OutgoingMail[] = [];
  const deps: SendEmailDeps = {
    secrets: [SECRET],
    siteUrl: 'http://127.0.0.1:5173',
    claim: (kind, recipients, client) => {
      claims.push({ kind, recipients, client });
      return Promise.resolve(claim);
    },
    send: (mail) => {
      sent.push(mail);
      return Promise.resolve();
    },
    now: () => now,
    ...overrides,
  };
  return { deps, claims, sent };
}

Deno.test('a signed recovery is claimed for its client and recipient, then mailed in Spanish with the /verify link', async () => {
  const { deps, claims, sent } = fakeDeps();
  const response = await createSendEmailHandler(deps)(await signed(payload('recovery')));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), {});
  assert.deepEqual(claims, [{ kind: 'recovery', recipients: ['ana@example.test'], client: '203.0.113.9' }]);
  assert.equal(sent.length, 1);
  assert.equal(sent[0]!.to, 'ana@example.test');
  assert.equal(sent[0]!.subject, 'Elige una contraseña nueva para Chismes');
  assert.ok(
    sent[0]!.html.includes(
      'href="http://127.0.0.1:54321/auth/v1/verify?token=hash-1&amp;type=recovery&amp;redirect_to=http://127.0.0.1:5173/nueva-contrasena"',
    ),
    sent[0]!.html,
  );
});

Deno.test('a refused claim answers the 429 Auth passes on, with the wait, and sends nothing', async () => {
  const { deps, sent } = fakeDeps({ allowed: false, limit: 'client', retry_after: 1234 });
  const response = await createSendEmailHandler(deps)(await signed(payload('signup')));
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'application/json');
  assert.deepEqual(await response.json(), { error: { http_code: 429, message: 'For security purposes, you can only request this after 1234 seconds.' } });
  assert.deepEqual(sent, []);
});

Deno.test('an unsigned, wrongly signed or stale call is 401 and claims nothing', async () => {
  for (
    const request of [
      new Request('http://localhost/send-email', { method: 'POST', body: payload('signup') }),
      await signed(payload('signup'), 'v1,whsec_b3RoZXJzZWNyZXRvdGhlcnNlY3JldG90aGVy'),
      await signed(payload('signup'), SECRET, Math.floor(now.getTime() / 1000) - 600),
    ]
  ) {
    const { deps, claims, sent } = fakeDeps();
    const response = await createSendEmailHandler(deps)(request);
    assert.equal(response.status, 401);
    assert.deepEqual([claims, sent], [[], []]);
  }
});

Deno.test('a double-confirmed e-mail change is two mails, each with its own code and link (GoTrue crosses the field names)', async () => {
  const { deps, claims, sent } = fakeDeps();
  const body = payload('email_change', { token: '111111', token_hash: 'hash-new', token_new: '222222', token_hash_new: 'hash-current' }, {
    new_email: 'nueva@example.test',
  });
  assert.equal((await createSendEmailHandler(deps)(await signed(body))).status, 200);
  assert.deepEqual(claims[0]!.recipients, ['nueva@example.test', 'ana@example.test']);
  const byAddress = Object.fromEntries(sent.map((mail) => [mail.to, mail.html]));
  assert.ok(byAddress['nueva@example.test']!.includes('token=hash-new&amp;type=email_change'));
  assert.ok(byAddress['ana@example.test']!.includes('token=hash-current&amp;type=email_change'));
});

Deno.test('the reauthentication code is in the subject; the password notice carries no link', async () => {
  const { deps, sent } = fakeDeps();
  await createSendEmailHandler(deps)(await signed(payload('reauthentication')));
  await createSendEmailHandler(deps)(await signed(payload('password_changed_notification', { token: '', token_hash: '' })));
  assert.equal(sent[0]!.subject, 'Tu código de Chismes: 123456');
  assert.ok(!sent[0]!.html.includes('/verify?'));
  assert.equal(sent[1]!.subject, 'Tu contraseña de Chismes ha cambiado');
});

Deno.test('a mail that cannot be sent, or an action Chismes does not send, is an error Auth fails the request with', async () => {
  const failing = fakeDeps({ allowed: true }, { send: () => Promise.reject(new Error('smtp down')) });
  assert.deepEqual(await (await createSendEmailHandler(failing.deps)(await signed(payload('signup')))).json(), {
    error: { http_code: 500, message: 'Error sending email' },
  });
  const { deps, claims } = fakeDeps();
  const unknown = await createSendEmailHandler(deps)(await signed(payload('phone_changed_notification')));
  assert.equal((await unknown.json()).error.http_code, 500);
  assert.deepEqual(claims, []);
});

Deno.test('not a POST, or not the payload Auth sends: refused', async () => {
  const { deps } = fakeDeps();
  assert.equal((await createSendEmailHandler(deps)(new Request('http://localhost/send-email'))).status, 405);
  assert.equal((await createSendEmailHandler(deps)(await signed('{"user": 1}'))).status, 400);
  assert.equal((await createSendEmailHandler(deps)(await signed('not json'))).status, 400);
});
