// Journey 33: a signed-out notice (docs/decisions/0035-notice-and-action.md). A person with no
// account opens a shared chisme link, lands on the sign-in screen, follows "Denuncia contenido
// ilegal sin iniciar sesión", and reports it with a reason, an explanation and an address — the
// form never shows the chisme. Nothing reaches the moderators until the link in the mail is
// followed; then the moderator sees the notice in the queue (signed out, its reason and
// explanation, never the address), removes the chisme, and the notifier gets the decision by
// mail with its ground, after which the address is gone from the database. Every new screen
// is scanned with axe.
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { snap } from '../support/browser.ts';
import { publishChisme, uniqueContent } from '../support/chismes.ts';
import { chismeIdOf, sql, sqlOne } from '../support/db.ts';
import { WEB_URL } from '../support/env.ts';
import { person, useBrowser } from '../support/journey.ts';
import { linkOf, mailCount, waitForMail } from '../support/mail.ts';
import { createAccount, signIn, uniqueEmail } from '../support/users.ts';

useBrowser();

/** config.toml's site_url: the mails link to it; the journeys serve the same build on WEB_URL. */
const SITE_URL = 'http://127.0.0.1:5173';

async function traces(email: string): Promise<number> {
  const row = await sqlOne<{ n: string }>(
    `select (select count(*) from private.pending_notices where email = $1)
          + (select count(*) from private.notices where email = $1)
          + (select count(*) from private.notice_mails where email = $1) as n`,
    [email],
  );
  return Number(row.n);
}

describe('journey 33: a signed-out notice', () => {
  it('reports a shared chisme without an account, confirms by mail and is told the decision by mail', { timeout: 480_000 }, async () => {
    const [authorAccount, moderatorAccount] = await Promise.all([createAccount('difundida'), createAccount('moderadora33')]);
    await sql('select public.set_moderator($1, true)', [moderatorAccount.email]);
    const author = await person('author');
    author.setDefaultTimeout(40_000);
    await signIn(author, authorAccount);
    const content = uniqueContent('Chisme con la dirección de alguien');
    await publishChisme(author, { content });
    const id = await chismeIdOf(content);

    // The shared link, signed out: the sign-in screen, with the way to report it.
    const visitor = await person('visitor');
    visitor.setDefaultTimeout(40_000);
    await visitor.goto(`${WEB_URL}/chismes/${id}`);
    await visitor.waitForURL('**/login');
    await visitor.getByRole('link', { name: '¿No tienes cuenta? Denuncia contenido ilegal sin iniciar sesión' }).click();
    await visitor.waitForURL(`**/denunciar/chisme/${id}`);
    await visitor.getByRole('heading', { level: 1, name: 'Denunciar contenido' }).waitFor();
    await visitor.getByRole('radio', { name: 'Datos personales de alguien' }).waitFor();
    expect(await visitor.getByText(content).count()).toBe(0);
    await expectAccessible(visitor, 'notice form');

    // Sent empty: each field says what it needs, in Spanish, and nothing is stored.
    await visitor.getByRole('button', { name: 'Enviar denuncia' }).click();
    await visitor.getByText('Elige un motivo de la lista.').waitFor();
    await visitor.getByText('Escribe un correo electrónico válido para recibir la respuesta.').waitFor();
    await expectAccessible(visitor, 'notice form with errors');

    const email = uniqueEmail('vecina');
    const explanation = 'Sale mi dirección completa y el nombre de mi calle.';
    await visitor.getByRole('radio', { name: 'Datos personales de alguien' }).check();
    await visitor.getByRole('textbox', { name: /Explica qué es ilegal/ }).fill(explanation);
    await visitor.getByRole('textbox', { name: /Tu correo electrónico/ }).fill(email);
    await visitor.getByRole('button', { name: 'Enviar denuncia' }).click();
    await visitor.getByRole('heading', { level: 1, name: 'Revisa tu correo' }).waitFor();
    await visitor.getByText(`Te hemos enviado un correo a ${email}.`, { exact: false }).waitFor();
    await expectAccessible(visitor, 'notice sent');
    await snap(visitor, '33-notice-sent');

    // Pending: no moderator, no counter sees it yet.
    const pending = await sqlOne<{ pending: string; open: string }>(
      'select (select count(*) from private.pending_notices where chisme_id = $1) as pending, (select count(*) from private.notices where chisme_id = $1) as open',
      [id],
    );
    expect(pending).toEqual({ pending: '1', open: '0' });

    // The confirmation mail (the only mail to an unconfirmed address) opens the confirmation page.
    const confirmation = await waitForMail(email, /^Confirma tu denuncia en Chismes$/);
    const link = linkOf(confirmation);
    expect(link).toMatch(new RegExp(`^${SITE_URL}/confirmar-denuncia#[0-9a-f]{64}$`));
    await visitor.goto(link.replace(SITE_URL, WEB_URL));
    await visitor.getByRole('heading', { level: 1, name: 'Denuncia confirmada' }).waitFor();
    await expectAccessible(visitor, 'notice confirmed');
    const open = await sqlOne<{ n: string }>('select count(*) as n from private.notices where chisme_id = $1', [id]);
    expect(open.n).toBe('1');
    // The link works once: opened again it says so in Spanish, and nothing changes.
    await visitor.goto(`${WEB_URL}/`);
    await visitor.goto(link.replace(SITE_URL, WEB_URL));
    await visitor.getByRole('alert').filter({ hasText: 'Este enlace no es válido o ha caducado (dura una hora).' }).waitFor();
    await expectAccessible(visitor, 'notice link used');
    expect((await sqlOne<{ n: string }>('select count(*) as n from private.notices where chisme_id = $1', [id])).n).toBe('1');

    // The moderator sees it in the queue as a signed-out notice, with the explanation, never the address.
    const moderator = await person('moderator');
    moderator.setDefaultTimeout(40_000);
    await signIn(moderator, moderatorAccount);
    await moderator.goto(`${WEB_URL}/moderacion`);
    const item = moderator.getByTestId('moderation-item').filter({ hasText: content });
    await item.waitFor();
    await item.getByText('Datos personales de alguien (1, 1 sin cuenta)', { exact: false }).waitFor();
    await item.getByText(explanation).waitFor();
    expect(await moderator.getByText(email).count()).toBe(0);
    await item.getByRole('button', { name: 'Eliminar' }).click();
    await moderator.getByRole('dialog', { name: 'Confirmar decisión' }).getByRole('button', { name: 'Confirmar' }).click();
    await moderator.getByRole('alert').filter({ hasText: 'Contenido eliminado' }).waitFor();

    // The notifier is told the decision with its ground, and the address is forgotten.
    const decision = await waitForMail(email, /^Hemos retirado el contenido que denunciaste$/);
    expect(decision.HTML).toContain('hemos retirado el contenido');
    expect(decision.HTML).toContain('Norma 2');
    await expect.poll(() => traces(email), { timeout: 15_000, interval: 250 }).toBe(0);
    // Two mails in all for one notice: the confirmation and the decision.
    expect(await mailCount(email, /.*/)).toBe(2);
  });
});
