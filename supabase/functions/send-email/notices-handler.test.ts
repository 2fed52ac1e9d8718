import assert from 'node:assert/strict';
import { confirmationLink, type NoticeMail, renderNoticeMail } from './notice-mails.ts';
import { createNoticeMailHandler, isNoticesRoute, type NoticeMailDeps } from './notices-handler.ts';
import type { RenderedNoticeMail } from './notice-mails.ts';

const SITE = 'http://127.0.0.1:4173';
const confirmation: NoticeMail = {
  id: 'm1',
  to: 'vecina@example.test',
  kind: 'confirmation',
  token: 'a'.repeat(64),
  target: 'chisme',
  reason: 'Datos personales de alguien',
  rule: null,
  legal_ground: null,
};
const removal: NoticeMail = {
  id: 'm2',
  to: 'otra@example.test',
  kind: 'removed',
  token: null,
  target: 'comment',
  reason: 'Odio <script>',
  rule: 'Norma 4: no ataques a nadie.',
  legal_ground: 'Código Penal, art. 510.',
};

function deps(mails: NoticeMail[], failFor = new Set<string>()) {
  const sent: RenderedNoticeMail[] = [];
  const finished: string[][] = [];
  const value: NoticeMailDeps = {
    siteUrl: SITE,
    isServiceCaller: (request) => request.headers.get('apikey') === 'service',
    claim: () => Promise.resolve(mails),
    send: (mail) => (failFor.has(mail.to) ? Promise.reject(new Error('smtp down')) : (sent.push(mail), Promise.resolve())),
    finish: (ids) => (finished.push(ids), Promise.resolve()),
  };
  return { value, sent, finished };
}

const post = (apikey = 'service') => new Request('http://localhost/send-email/notices', { method: 'POST', headers: { apikey } });

Deno.test('only the service key drains the notice mails', async () => {
  const d = deps([confirmation]);
  const response = await createNoticeMailHandler(d.value)(post('anon'));
  assert.equal(response.status, 401);
  assert.equal(d.sent.length, 0);
});

Deno.test('each claimed mail is sent and reported sent; a failed one is left for the next try', async () => {
  const d = deps([confirmation, removal], new Set(['otra@example.test']));
  const response = await createNoticeMailHandler(d.value)(post());
  assert.deepEqual(await response.json(), { sent: 1, failed: 1 });
  assert.deepEqual(d.finished, [['m1']]);
  assert.equal(d.sent[0]?.to, 'vecina@example.test');
});

Deno.test('the confirmation mail carries the link with the token in the fragment', () => {
  const mail = renderNoticeMail(confirmation, `${SITE}/`);
  assert.equal(mail.subject, 'Confirma tu denuncia en Chismes');
  assert.ok(mail.html.includes(`href="${SITE}/confirmar-denuncia#${'a'.repeat(64)}"`));
  assert.equal(confirmationLink(SITE, 'abc'), `${SITE}/confirmar-denuncia#abc`);
});

Deno.test('the decision mail names the decision and its ground, escaped', () => {
  const mail = renderNoticeMail(removal, SITE);
  assert.equal(mail.subject, 'Hemos retirado el contenido que denunciaste');
  assert.ok(mail.html.includes('un comentario'));
  assert.ok(mail.html.includes('Norma 4: no ataques a nadie. Código Penal, art. 510.'));
  assert.ok(mail.html.includes('Odio &lt;script&gt;'));
  assert.ok(!mail.html.includes('<script>'));
  const dismissed = renderNoticeMail({ ...removal, kind: 'dismissed' }, SITE);
  assert.equal(dismissed.subject, 'Hemos revisado el contenido que denunciaste');
  assert.ok(dismissed.html.includes('no hemos retirado'));
});

Deno.test('the notices route is told from the hook by its path', () => {
  assert.equal(isNoticesRoute(new Request('http://localhost/send-email/notices')), true);
  assert.equal(isNoticesRoute(new Request('http://localhost/send-email')), false);
});
