// Journey 13: moderation (docs/decisions/0009-moderator-role-and-decisions.md) — five people report a chisme and it leaves a sixth
// person's open feed live; the moderator sees the reports arrive in /moderacion, restores one
// item and deletes (removes, restorably) another, then suspends the author by content, who is told why when posting;
// a non-moderator opening /moderacion is turned away.
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { snap } from '../support/browser.ts';
import { card, fillAndSubmit, openNewChisme, publishChisme, showNewChismes, uniqueContent } from '../support/chismes.ts';
import { chismeIdOf, sql } from '../support/db.ts';
import { ANON_KEY, API_URL } from '../support/env.ts';
import { person, useBrowser } from '../support/journey.ts';
import { createAccount, type Person, signIn } from '../support/users.ts';

useBrowser();

/** Signs in through the real auth endpoint (no browser needed for the reporters). */
async function tokenOf(account: Person): Promise<string> {
  const response = await fetch(`${API_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${account.email} failed: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function reportAs(token: string, chismeId: string, reason: string): Promise<number> {
  const response = await fetch(`${API_URL}/rest/v1/rpc/report_chisme`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ p_chisme_id: chismeId, p_reason: reason }),
  });
  return response.status;
}

describe('journey 13: moderation', () => {
  it('hides at five reports, lets the moderator restore, delete and suspend, and turns others away', async () => {
    const [authorAccount, viewerAccount, moderatorAccount, ...reporterAccounts] = await Promise.all(
      ['moderada', 'mirona', 'moderadora', 'denuncia1', 'denuncia2', 'denuncia3', 'denuncia4', 'denuncia5'].map(createAccount),
    );
    await sql('select public.set_moderator($1, true)', [moderatorAccount!.email]);
    // The reporters are people with some history: reports from accounts in their first day
    // never hide anything (docs/decisions/0003-new-account-rules.md).
    await sql(`update auth.users set created_at = now() - interval '2 days' where email = any($1)`, [reporterAccounts.map((a) => a!.email)]);

    const author = await person('author');
    const viewer = await person('viewer');
    const moderator = await person('moderator');
    await signIn(author, authorAccount!);
    await signIn(viewer, viewerAccount!);
    await signIn(moderator, moderatorAccount!);

    const hiddenContent = uniqueContent('Chisme que se ocultará');
    const deletedContent = uniqueContent('Chisme que se borrará');
    await publishChisme(author, { content: hiddenContent });
    await publishChisme(author, { content: deletedContent });
    const hiddenId = await chismeIdOf(hiddenContent);
    const deletedId = await chismeIdOf(deletedContent);

    // The moderator opens the console from the side menu (shown to moderators only).
    await moderator.getByRole('button', { name: 'Abrir menú' }).click();
    await moderator.getByRole('button', { name: 'Moderación' }).click();
    await moderator.waitForURL('**/moderacion');
    await moderator.getByRole('heading', { name: 'Contenido reportado' }).waitFor();
    // moderators post nothing: no "Nuevo chisme" button
    expect(await moderator.getByTestId('new-chisme-button').count()).toBe(0);

    // The viewer has the feed open with the chisme in it (brought in from the pill).
    await showNewChismes(viewer, hiddenContent);

    // Five people report it: it leaves the viewer's open feed without a reload.
    const tokens = await Promise.all(reporterAccounts.map((account) => tokenOf(account!)));
    for (const [index, token] of tokens.entries()) {
      expect(await reportAs(token, hiddenId, index % 2 === 0 ? 'Spam' : 'Acoso')).toBe(200);
    }
    expect(await reportAs(tokens[0]!, deletedId, 'acoso')).toBe(200);
    await card(viewer, hiddenContent).waitFor({ state: 'detached' });
    await snap(viewer, '13-hidden-from-feed');
    // ...and stays away after a reload, while its author still sees it.
    await viewer.reload();
    await viewer.getByRole('button', { name: 'Filtrar Chismes' }).waitFor();
    expect(await card(viewer, hiddenContent).count()).toBe(0);
    await author.reload();
    await card(author, hiddenContent).waitFor();

    // The moderator's queue filled live, most reported first, with counts and reasons.
    const hiddenItem = moderator.getByTestId('moderation-item').filter({ hasText: hiddenContent });
    const deletedItem = moderator.getByTestId('moderation-item').filter({ hasText: deletedContent });
    await hiddenItem.waitFor();
    await deletedItem.waitFor();
    await hiddenItem.getByText('5 denuncias pendientes').waitFor();
    await hiddenItem.getByText('Oculto').waitFor();
    await hiddenItem.getByText(/Spam \(3\), Acoso o intimidación \(2\)/).waitFor();
    await snap(moderator, '13-queue');

    // Restore the hidden one (with confirmation): it is back in the viewer's feed.
    await hiddenItem.getByRole('button', { name: 'Restaurar' }).click();
    await moderator.getByRole('dialog', { name: 'Confirmar decisión' }).getByRole('button', { name: 'Confirmar' }).click();
    await moderator.getByRole('alert').filter({ hasText: 'Contenido restaurado' }).waitFor();
    await hiddenItem.waitFor({ state: 'detached' });
    await viewer.reload();
    await card(viewer, hiddenContent).waitFor();

    // Delete the other one: out of everyone's sight, its author's too, but kept (hidden, its
    // author link set aside) so that a complaint's reversal can restore it (decision 0036,
    // "Removal"); its reports are closed as removed.
    await deletedItem.getByRole('button', { name: 'Eliminar' }).click();
    await moderator.getByRole('dialog', { name: 'Confirmar decisión' }).getByRole('button', { name: 'Confirmar' }).click();
    await moderator.getByRole('alert').filter({ hasText: 'Contenido eliminado' }).waitFor();
    await deletedItem.waitFor({ state: 'detached' });
    const [removed] = await sql<{ hidden: boolean; authored: string; kept: string; open_reports: string }>(
      `select c.hidden_at is not null as hidden,
         (select count(*) from public.chisme_authors a where a.chisme_id = c.id) as authored,
         (select count(*) from private.removed_content r where r.chisme_id = c.id) as kept,
         (select count(*) from public.reports r where r.chisme_id = c.id and r.decision is distinct from 'removed') as open_reports
       from public.chismes c where c.id = $1`,
      [deletedId],
    );
    expect(removed).toEqual({ hidden: true, authored: '0', kept: '1', open_reports: '0' });
    const audit = await sql<{ action: string }>('select action from public.moderation_audit where target_id = any($1::uuid[]) order by id', [
      [hiddenId, deletedId],
    ]);
    expect(audit.map((row) => row.action)).toEqual(['restore', 'delete']);

    // Suspend the author by content (a new report puts the restored chisme back in the queue).
    const reporterAgain = await tokenOf(viewerAccount!);
    expect(await reportAs(reporterAgain, hiddenId, 'Spam')).toBe(200);
    await hiddenItem.waitFor();
    await hiddenItem.getByRole('button', { name: 'Suspender al autor' }).click();
    await moderator.getByRole('menuitem', { name: '7 días' }).click();
    await moderator.getByRole('dialog', { name: 'Confirmar decisión' }).getByRole('button', { name: 'Confirmar' }).click();
    await moderator.getByRole('alert').filter({ hasText: 'Autor suspendido hasta el' }).waitFor();

    // The author can still read but sees the suspension message, with its end date, on posting.
    await author.reload();
    const dialog = await openNewChisme(author);
    await fillAndSubmit(dialog, { gender: 'Mujer', age: '30', content: uniqueContent('Intento tras la suspensión') });
    await dialog
      .getByRole('alert')
      .filter({ hasText: /Tu cuenta está suspendida hasta el \d{2}\/\d{2}\/\d{4}/ })
      .waitFor();
    await snap(author, '13-suspended');

    // A non-moderator opening /moderacion is turned away, and has no menu entry.
    await viewer.goto('/moderacion');
    await viewer.getByText('Esta página es solo para moderadores.').waitFor();
    // Scanned here on purpose: the menu opens next, and the watcher may not see this screen
    // quiet (CI once did, and found the link's 4.1:1 on the red alert).
    await expectAccessible(viewer, 'moderation refused to a non-moderator');
    expect(await viewer.getByTestId('moderation-queue').count()).toBe(0);
    await viewer.getByRole('button', { name: 'Abrir menú' }).click();
    await viewer.getByRole('button', { name: 'Cerrar Sesión' }).waitFor();
    expect(await viewer.getByRole('button', { name: 'Moderación' }).count()).toBe(0);
  });
});
