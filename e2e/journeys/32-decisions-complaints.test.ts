// Journey 30: statements of reasons and complaints (docs/decisions/0035-notice-and-action.md,
// 0036-statements-and-complaints.md, 0037-transparency-report.md) — five reports hide a
// chisme automatically; its author reads the statement in "Mis decisiones" and complains with
// an explanation; the moderator reads the complaint above the queue and reverses it, and the
// queue updates itself (no stale "Oculto"); the author is told with the reasons. A reporter is
// told their report was dismissed. A suspended author complains about the suspension. A
// moderator's deletion is kept out of sight, complained about and restored. The
// public transparency page shows the month's figures as the database computes them, and the
// terms open from the welcome screen.
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { snap } from '../support/browser.ts';
import { publishChisme, uniqueContent } from '../support/chismes.ts';
import { chismeIdOf, sql, sqlOne } from '../support/db.ts';
import { ANON_KEY, API_URL } from '../support/env.ts';
import { person, useBrowser } from '../support/journey.ts';
import { createAccount, type Person, signIn } from '../support/users.ts';

useBrowser();

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

async function messagesOf(email: string): Promise<string[]> {
  const rows = await sql<{ message: string }>(
    'select n.message from public.notifications n join auth.users u on u.id = n.user_id where u.email = $1 order by n.created_at',
    [email],
  );
  return rows.map((row) => row.message);
}

/** The month's count of reports for a reason, as the public RPC computes it (null: fewer than 5). */
async function reportsFor(reason: string): Promise<number | null> {
  const row = await sqlOne<{ n: number | null }>("select (public.get_transparency_report('1') -> 'months' -> 0 -> 'reports' -> 'by_reason' ->> $1)::int as n", [
    reason,
  ]);
  return row.n;
}

describe('journey 32: statements of reasons and complaints', () => {
  it('tells, lets people complain, reverses, and publishes the figures', async () => {
    const [authorAccount, moderatorAccount, ...reporterAccounts] = await Promise.all(
      ['declarada', 'moderadora30', 'aviso1', 'aviso2', 'aviso3', 'aviso4', 'aviso5'].map(createAccount),
    );
    await sql('select public.set_moderator($1, true)', [moderatorAccount!.email]);
    // Reports of accounts in their first day never hide anything (decision 0003).
    await sql(`update auth.users set created_at = now() - interval '2 days' where email = any($1)`, [reporterAccounts.map((a) => a!.email)]);
    const author = await person('author');
    const moderator = await person('moderator');
    await signIn(author, authorAccount!);
    await signIn(moderator, moderatorAccount!);

    const hiddenContent = uniqueContent('Chisme que se ocultará y volverá');
    const keptContent = uniqueContent('Chisme que se queda');
    await publishChisme(author, { content: hiddenContent });
    await publishChisme(author, { content: keptContent });
    const hiddenId = await chismeIdOf(hiddenContent);
    const keptId = await chismeIdOf(keptContent);
    const tokens = await Promise.all(reporterAccounts.map((account) => tokenOf(account!)));

    // Five reports hide it automatically; the author gets a statement of reasons.
    for (const token of tokens) expect(await reportAs(token, hiddenId, 'acoso')).toBe(200);
    const hidden = await sqlOne<{ hidden: boolean }>('select hidden_at is not null as hidden from public.chismes where id = $1', [hiddenId]);
    expect(hidden.hidden).toBe(true);

    // The author reads it in "Mis decisiones" (from the menu) and complains, with a confirmation.
    await author.getByRole('button', { name: 'Abrir menú' }).click();
    await author.getByRole('button', { name: 'Mis decisiones y denuncias' }).click();
    await author.waitForURL('**/mis-decisiones');
    const statement = author.getByTestId('statement').filter({ hasText: hiddenContent.slice(0, 40) });
    await statement.getByText('Decidido de forma automática', { exact: false }).waitFor();
    await statement.getByText(/Acoso o intimidación/).waitFor();
    await statement.getByText('Hechos: 5 denuncias recibidas.').waitFor();
    await expectAccessible(author, 'Mis decisiones');
    await snap(author, '30-statement');
    await statement.getByRole('button', { name: 'Reclamar' }).click();
    const complaint = author.getByRole('dialog', { name: 'Reclamar la decisión' });
    await complaint.getByLabel(/Tu explicación/).fill('Es una broma entre amigas, nadie sale nombrado');
    await complaint.getByRole('button', { name: 'Continuar' }).click();
    await expectAccessible(author, 'complaint confirmation');
    await complaint.getByRole('button', { name: 'Enviar reclamación' }).click();
    await author.getByRole('alert').filter({ hasText: 'Reclamación enviada' }).waitFor();
    await statement.getByText('Reclamación enviada: un moderador la revisará y te avisaremos.').waitFor();

    // The moderator reads the complaint above the queue, with the explanation, and reverses it:
    // the queue updates itself (the restored chisme leaves it, no stale "Oculto").
    await moderator.goto('/moderacion');
    const complaintCard = moderator.getByTestId('complaint').filter({ hasText: 'Es una broma entre amigas' });
    await complaintCard.getByText('Reclamación contra: ocultación (decisión automática)').waitFor();
    const hiddenItem = moderator.getByTestId('moderation-item').filter({ hasText: hiddenContent });
    await hiddenItem.getByText('Oculto').waitFor();
    await expectAccessible(moderator, 'moderation with a complaint');
    await complaintCard.getByRole('button', { name: 'Revocar la decisión' }).click();
    const decide = moderator.getByRole('dialog', { name: 'Confirmar decisión' });
    await decide.getByLabel(/Motivos de tu decisión/).fill('No identifica a nadie: vuelve a estar visible.');
    await expectAccessible(moderator, 'complaint decision');
    await decide.getByRole('button', { name: 'Confirmar' }).click();
    await moderator.getByRole('alert').filter({ hasText: 'Reclamación resuelta' }).waitFor();
    await complaintCard.waitFor({ state: 'detached' });
    await hiddenItem.waitFor({ state: 'detached' });
    const restored = await sqlOne<{ hidden: boolean; report: number }>('select hidden_at is not null as hidden, report from public.chismes where id = $1', [
      hiddenId,
    ]);
    expect(restored).toEqual({ hidden: false, report: 0 });

    // The author is told, with the reasons, and reads the outcome.
    expect((await messagesOf(authorAccount!.email)).some((m) => m.includes('te damos la razón') && m.includes('No identifica a nadie'))).toBe(true);
    await author.reload();
    await statement.getByText('Reclamación resuelta: se revoca la decisión.').waitFor();
    // Each reporter is told their report was dismissed.
    expect((await messagesOf(reporterAccounts[0]!.email)).some((m) => m.includes('no hemos retirado el contenido'))).toBe(true);

    // A reporter whose report is dismissed by the moderator is told, and reads it in "Mis denuncias".
    expect(await reportAs(tokens[0]!, keptId, 'spam')).toBe(200);
    const keptItem = moderator.getByTestId('moderation-item').filter({ hasText: keptContent });
    await keptItem.getByRole('button', { name: 'Restaurar' }).click();
    await moderator.getByRole('dialog', { name: 'Confirmar decisión' }).getByRole('button', { name: 'Confirmar' }).click();
    await moderator.getByRole('alert').filter({ hasText: 'Contenido restaurado' }).waitFor();
    await keptItem.waitFor({ state: 'detached' });
    const reporter = await person('reporter');
    await signIn(reporter, reporterAccounts[0]!);
    await reporter.goto('/mis-decisiones');
    const myReport = reporter.getByTestId('my-report').filter({ hasText: 'Spam' });
    await myReport.getByText('Decisión: no hemos retirado el contenido.').waitFor();
    await myReport.getByRole('button', { name: 'Reclamar' }).waitFor();
    await expectAccessible(reporter, 'Mis denuncias');

    // A suspended author complains about the suspension (a complaint is not a write others see).
    expect(await reportAs(tokens[1]!, keptId, 'spam')).toBe(200);
    await keptItem.getByRole('button', { name: 'Suspender al autor' }).click();
    await moderator.getByRole('menuitem', { name: '7 días' }).click();
    const suspend = moderator.getByRole('dialog', { name: 'Confirmar decisión' });
    await suspend.getByLabel(/Explicación para la persona afectada/).fill('Publicidad repetida');
    await expectAccessible(moderator, 'suspension with its ground');
    await suspend.getByRole('button', { name: 'Confirmar' }).click();
    await moderator.getByRole('alert').filter({ hasText: 'Autor suspendido hasta el' }).waitFor();
    await author.reload();
    const suspension = author.getByTestId('statement').filter({ hasText: 'Suspendida hasta el' });
    await suspension.getByText('Publicidad repetida', { exact: false }).waitFor();
    await suspension.getByRole('button', { name: 'Reclamar' }).click();
    await complaint.getByLabel(/Tu explicación/).fill('No volverá a pasar, era una promoción de un amigo');
    await complaint.getByRole('button', { name: 'Continuar' }).click();
    await complaint.getByRole('button', { name: 'Enviar reclamación' }).click();
    await suspension.getByText('Reclamación enviada: un moderador la revisará y te avisaremos.').waitFor();

    // A moderator's deletion is a removal (decision 0036, "Removal"): out of sight, its author's
    // too, kept while it can be complained about; the reversal brings it back with its likes.
    // The chisme still has the pending report that led to the suspension.
    const dismissedBefore = (await messagesOf(reporterAccounts[1]!.email)).filter((m) => m.includes('no hemos retirado el contenido')).length;
    await keptItem.getByRole('button', { name: 'Eliminar' }).click();
    await moderator.getByRole('dialog', { name: 'Confirmar decisión' }).getByRole('button', { name: 'Confirmar' }).click();
    await moderator.getByRole('alert').filter({ hasText: 'Contenido eliminado' }).waitFor();
    await keptItem.waitFor({ state: 'detached' });
    await author.reload();
    const removal = author
      .getByTestId('statement')
      .filter({ hasText: keptContent.slice(0, 40) })
      .filter({ hasText: 'Ya no lo ve nadie' });
    await removal.getByText(/Ya no lo ve nadie, tampoco tú\. Lo guardamos hasta el/).waitFor();
    await removal.getByRole('button', { name: 'Reclamar' }).click();
    await complaint.getByLabel(/Tu explicación/).fill('No era publicidad, era una recomendación');
    await complaint.getByRole('button', { name: 'Continuar' }).click();
    await complaint.getByRole('button', { name: 'Enviar reclamación' }).click();
    await removal.getByText('Ya no lo ve nadie, tampoco tú. Lo guardamos hasta que se resuelva tu reclamación.').waitFor();
    await moderator.reload();
    const removalComplaint = moderator.getByTestId('complaint').filter({ hasText: 'era una recomendación' });
    await removalComplaint.getByText(keptContent.slice(0, 40), { exact: false }).waitFor();
    await removalComplaint.getByRole('button', { name: 'Revocar la decisión' }).click();
    await decide.getByLabel(/Motivos de tu decisión/).fill('Es una recomendación: vuelve a publicarse.');
    await decide.getByRole('button', { name: 'Confirmar' }).click();
    await removalComplaint.waitFor({ state: 'detached' });
    const back = await sqlOne<{ hidden: boolean; authored: boolean; removed_reports: number }>(
      `select hidden_at is not null as hidden, exists (select 1 from public.chisme_authors a where a.chisme_id = c.id) as authored,
         (select count(*)::int from public.reports r where r.chisme_id = c.id and r.decision = 'removed') as removed_reports
       from public.chismes c where c.id = $1`,
      [keptId],
    );
    expect(back).toEqual({ hidden: false, authored: true, removed_reports: 0 });
    await author.reload();
    await author.getByText('Restaurado: vuelve a estar publicado, con sus comentarios y me gusta.').waitFor();
    // Its reporter is told the report was dismissed after all.
    const dismissedAfter = (await messagesOf(reporterAccounts[1]!.email)).filter((m) => m.includes('no hemos retirado el contenido')).length;
    expect(dismissedAfter).toBe(dismissedBefore + 1);

    // The transparency page, signed out: the month's figures are the database's (other journeys
    // may report meanwhile, so the page's figure lies between two reads).
    const visitor = await person('visitor');
    const before = (await reportsFor('acoso')) ?? 0;
    await visitor.goto('/transparencia');
    const month = visitor.locator(`[data-testid="transparency-month"][data-month="${new Date().toISOString().slice(0, 7)}"]`);
    const cell = month.locator('[data-figure="Acoso o intimidación"]').first();
    await cell.waitFor();
    const shown = Number((await cell.innerText()).replace(/\D/g, ''));
    const after = (await reportsFor('acoso')) ?? 0;
    expect(shown).toBeGreaterThanOrEqual(before);
    expect(shown).toBeLessThanOrEqual(after);
    expect(shown).toBeGreaterThanOrEqual(5);
    await expectAccessible(visitor, 'transparency report');
    await snap(visitor, '30-transparency');

    // The terms, from the welcome screen's link: plain Spanish, with the rules as the database holds them.
    await visitor.goto('/login');
    await visitor.getByRole('link', { name: 'términos y la política de privacidad' }).click();
    await visitor.waitForURL('**/terminos');
    await visitor.getByRole('heading', { name: 'Términos y privacidad' }).waitFor();
    await visitor
      .getByTestId('terms-norms')
      .getByText(/Acoso o intimidación/)
      .waitFor();
    await expectAccessible(visitor, 'terms and privacy');
  });
});
