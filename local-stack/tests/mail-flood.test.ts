// The mail budget cannot be spent by one client (docs/decisions/0027-auth-abuse-limits.md):
// every mail Auth sends goes through the Send Email hook (supabase/functions/send-email), which
// claims it per client, per inbox, per inbox and client, and for the project
// (public.claim_auth_mail, supabase/schemas/13-auth-limits.sql) before sending. The windows are
// an hour long, so driving the requests as fast as the stack answers them shows what two minutes
// (or an hour) of them would: the limits count mails, not time.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ANON_KEY, API_URL } from '../keys.ts';
import { PASSWORD, randomClientIp, serviceClient, sql, uniqueEmail } from './helpers.ts';

const MAILPIT = 'http://127.0.0.1:54324';

async function post(path: string, body: unknown, ip: string): Promise<{ status: number; code: string; message: string }> {
  const response = await fetch(`${API_URL}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code?: string; message?: string };
  return { status: response.status, code: answer.code ?? '', message: answer.message ?? '' };
}

async function mailsTo(address: string): Promise<number> {
  const { messages } = (await (await fetch(`${MAILPIT}/api/v1/messages?limit=1000`)).json()) as { messages: Array<{ To: Array<{ Address: string }> }> };
  return messages.filter((message) => message.To.some((to) => to.Address.toLowerCase() === address.toLowerCase())).length;
}

const sentBy = async (client: string) =>
  Number((await sql<{ n: string }>('select count(*) as n from private.auth_mail_log where client = $1', [client]))[0]!.n);
const limits = async () =>
  (await sql<{ mails_per_client: number; mails_per_address: number; mails_per_project: number }>('select * from private.auth_limits()'))[0]!;

describe('the e-mail budget', () => {
  test('one client driving recovery, sign-up and resend for 40 addresses each is refused long before the project budget; another still gets its mail', async () => {
    const admin = serviceClient().auth.admin;
    const registered = Array.from({ length: 40 }, () => uniqueEmail('flood-registered'));
    const pending = Array.from({ length: 40 }, () => uniqueEmail('flood-pending'));
    await Promise.all([
      ...registered.map((email) => admin.createUser({ email, password: PASSWORD, email_confirm: true })),
      ...pending.map((email) => admin.createUser({ email, password: PASSWORD })),
    ]);
    const { mails_per_client: perClient, mails_per_project: perProject } = await limits();
    const attacker = randomClientIp();
    const answers: Array<{ status: number; code: string; message: string }> = [];
    const started = performance.now();
    let firstRefusalMs: number | undefined;
    let mailsBeforeRefusal = 0;
    for (let index = 0; index < 40; index += 1) {
      for (const [path, body] of [
        ['/recover', { email: registered[index] }],
        ['/signup', { email: uniqueEmail('flood-new'), password: PASSWORD }],
        ['/resend', { type: 'signup', email: pending[index] }],
      ] as const) {
        const answer = await post(path, body, attacker);
        answers.push(answer);
        if (answer.status === 429 && answer.code === 'unknown' && firstRefusalMs === undefined) {
          firstRefusalMs = performance.now() - started;
          mailsBeforeRefusal = await sentBy(attacker);
        }
      }
    }
    const elapsed = performance.now() - started;
    const sent = await sentBy(attacker);
    const byHook = answers.filter((answer) => answer.status === 429 && answer.code === 'unknown').length;
    const byAuth = answers.filter((answer) => answer.code === 'over_request_rate_limit').length;
    console.log(
      `flood: ${answers.length} requests in ${(elapsed / 1000).toFixed(1)} s from one client; ${sent} mails sent (limit ${perClient}, project ${perProject}); ` +
        `refused: ${byHook} by the hook (first after ${firstRefusalMs?.toFixed(0)} ms and ${mailsBeforeRefusal} mails), ${byAuth} by Auth's per-IP buckets`,
    );
    assert.equal(sent, perClient, 'exactly the per-client budget went out');
    assert.equal(mailsBeforeRefusal, perClient, 'the first refusal came once the budget was spent');
    assert.ok(sent * 20 <= perProject, 'a twentieth of the project budget at most');
    const refusal = answers.find((answer) => answer.code === 'unknown')!;
    assert.match(refusal.message, /^For security purposes, you can only request this after \d+ seconds\.$/);
    assert.equal(answers.filter((answer) => answer.status >= 500).length, 0);

    // Another client's sign-up still gets its mail.
    const newcomer = uniqueEmail('flood-newcomer');
    assert.equal((await post('/signup', { email: newcomer, password: PASSWORD }, randomClientIp())).status, 200);
    assert.equal(await mailsTo(newcomer), 1);
  });

  test('one inbox receives at most mails_per_address an hour, and no single client spends all of them', async () => {
    const inbox = uniqueEmail('flood-inbox');
    await serviceClient().auth.admin.createUser({ email: inbox, password: PASSWORD, email_confirm: true });
    const { mails_per_address: perInbox } = await limits();
    const clients = [randomClientIp(), randomClientIp(), randomClientIp()];
    const outcome: string[] = [];
    for (const client of clients) {
      for (let attempt = 0; attempt < 4; attempt += 1) {
        // GoTrue's own 60 s between two recoveries of one account has passed.
        await sql(`update auth.users set recovery_sent_at = recovery_sent_at - interval '61 seconds' where email = $1`, [inbox]);
        const answer = await post('/recover', { email: inbox }, client);
        outcome.push(answer.status === 200 ? 'sent' : answer.code);
      }
    }
    assert.deepEqual(outcome, ['sent', 'sent', 'sent', 'unknown', 'sent', 'sent', 'unknown', 'unknown', 'unknown', 'unknown', 'unknown', 'unknown']);
    assert.equal(await mailsTo(inbox), perInbox);
    // The same inbox under a "+label" address is the same inbox.
    const [local, domain] = inbox.split('@');
    const labelled = `${local}+otra@${domain}`;
    const signUp = await post('/signup', { email: labelled, password: PASSWORD }, randomClientIp());
    assert.equal(signUp.status, 429);
    assert.equal((await sql('select 1 from auth.users where email = $1', [labelled])).length, 0, 'a refused sign-up stores no account');
  });
});
