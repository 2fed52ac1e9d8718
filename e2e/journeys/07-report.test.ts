// Journey 7: report — it asks first (a report cannot be withdrawn) and "Cancelar" reports
// nothing; success takes the chisme out of the reporter's feeds (docs/decisions/0010-automatic-hiding.md), a
// second report is answered "already reported", and one's own chisme cannot be reported.
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { snap } from '../support/browser.ts';
import { card, publishNew, showNewChismes } from '../support/chismes.ts';
import { chismeIdOf, sql } from '../support/db.ts';
import { useBrowser } from '../support/journey.ts';
import { rpcAs, signedInPerson } from '../support/users.ts';

useBrowser();

describe('journey 7: report', () => {
  it('reports once, answers a repeat with "already reported", and refuses one\'s own chisme', async () => {
    const { page: author } = await signedInPerson('author', 'reportada');
    const { page: reporter } = await signedInPerson('reporter', 'reportera');
    const content = await publishNew(author, 'Chisme reportable');

    const target = await showNewChismes(reporter, content); // the post arrives as the pill over the open feed
    // The report dialog: a reason from the list, an optional explanation, a confirmation.
    await target.getByRole('button', { name: 'Reportar' }).click();
    const dialog = reporter.getByRole('dialog', { name: 'Denunciar chisme' });
    await dialog.getByRole('radio', { name: /Spam/ }).check();
    await dialog.getByLabel(/Explicación/).fill('Anuncia una tienda en cada chisme');
    await expectAccessible(reporter, 'report dialog');
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    const confirm = reporter.getByRole('dialog', { name: 'Confirma la denuncia' });
    await confirm.getByText(/Vas a denunciar este contenido por «Spam»/).waitFor();
    await expectAccessible(reporter, 'report confirmation');
    await confirm.getByRole('button', { name: 'Enviar denuncia' }).click();
    await reporter.getByRole('alert').filter({ hasText: 'Chisme reportado exitosamente' }).waitFor();
    await snap(reporter, '07-report-success');

    // Jodel's rule (docs/decisions/0010-automatic-hiding.md): the reporter stops seeing what they reported, at once and after
    // a reload; the database answers a repeat with "already reported", which the app shows as
    // a warning (web: use-report-chisme).
    await target.waitFor({ state: 'detached' });
    await reporter.reload();
    await reporter.getByRole('button', { name: 'Filtrar Chismes' }).waitFor();
    expect(await target.count()).toBe(0);
    const reportedId = await chismeIdOf(content);
    const repeat = await rpcAs(reporter, 'report_chisme', { p_chisme_id: reportedId, p_reason: 'spam' });
    expect(repeat.status).toBe(400);
    expect(repeat.body).toMatchObject({ message: 'report_already_exists' });
    await snap(reporter, '07-report-already');

    // The author's own report button is disabled, and the database refuses the call anyway.
    const own = card(author, content).getByRole('button', { name: 'Reportar' });
    expect(await own.isDisabled()).toBe(true);
    const id = await chismeIdOf(content);
    const refused = await rpcAs(author, 'report_chisme', { p_chisme_id: id, p_reason: 'spam' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: 'report_own_chisme' });
    const [row] = await sql<{ report: number; reports: string; reason: string; explanation: string }>(
      `select c.report, (select count(*) from public.reports r where r.chisme_id = c.id) as reports,
              (select r.reason from public.reports r where r.chisme_id = c.id) as reason,
              (select r.explanation from public.reports r where r.chisme_id = c.id) as explanation
       from public.chismes c where c.content = $1`,
      [content],
    );
    expect(row).toEqual({ report: 1, reports: '1', reason: 'spam', explanation: 'Anuncia una tienda en cada chisme' });
  });
});
